// The names a page shows beside its ids (staff, customers, ports), on the direct path
// (PrismaService.readRows), since they follow every list and detail answer of the busy screens. A page that
// shows several kinds reads them all in one statement (namesOf): on these machines each round trip to the
// database costs the server more CPU (the socket write and the pool's turn) than the reads themselves.
import { Prisma } from '../generated/prisma/client.js';
import type { PrismaService } from './prisma.service.js';

const sql = Prisma.sql;
const distinct = (ids: Iterable<number | null | undefined> = []) => [...new Set([...ids].filter((id): id is number => id !== null && id !== undefined))];

export interface CustomerName {
  code: string;
  companyName: string;
  level: string | null;
}

export interface PortName {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** The ids whose names a page needs, per kind (any may be left out). */
export interface NameIds {
  users?: Iterable<number | null | undefined>;
  customers?: Iterable<number | null | undefined>;
  ports?: Iterable<number | null | undefined>;
}

export interface Names {
  users: Map<number, string>;
  customers: Map<number, CustomerName>;
  ports: Map<number, PortName>;
}

type NameRow = { kind: 'u' | 'c' | 'p'; id: number; a: string; b: string | null; c: string | null };

/**
 * The one statement that reads the names of `ids` (the kinds with ids only): a `union all` of one indexed
 * read per kind, each row tagged with its kind. Also what bench:orders runs as the direct side's names.
 */
export function namesStatement(ids: NameIds): Prisma.Sql | null {
  const parts: Prisma.Sql[] = [];
  const users = distinct(ids.users);
  const customers = distinct(ids.customers);
  const ports = distinct(ids.ports);
  if (users.length) parts.push(sql`select 'u' as kind, id, full_name::text as a, null::text as b, null::text as c from app_user where id = any(${users})`);
  if (customers.length)
    parts.push(sql`select 'c' as kind, id, code::text as a, company_name::text as b, level::text as c from customer where id = any(${customers})`);
  if (ports.length) parts.push(sql`select 'p' as kind, id, code::text as a, name_zh::text as b, name_en::text as c from port where id = any(${ports})`);
  return parts.length ? Prisma.join(parts, ' union all ') : null;
}

/** The names of the users, customers and ports of `ids`, by id, in one statement. */
export async function namesOf(prisma: PrismaService, ids: NameIds): Promise<Names> {
  const names: Names = { users: new Map(), customers: new Map(), ports: new Map() };
  const statement = namesStatement(ids);
  if (!statement) return names;
  for (const row of await prisma.readRows<NameRow[]>(statement)) {
    if (row.kind === 'u') names.users.set(row.id, row.a);
    else if (row.kind === 'c') names.customers.set(row.id, { code: row.a, companyName: row.b ?? '', level: row.c });
    else names.ports.set(row.id, { id: row.id, code: row.a, nameZh: row.b ?? '', nameEn: row.c ?? '' });
  }
  return names;
}

/** The full names of the users `ids`, by id. */
export async function userNames(prisma: PrismaService, ids: Iterable<number | null>): Promise<Map<number, string>> {
  return (await namesOf(prisma, { users: ids })).users;
}

/** The code, company name and level of the customers `ids`, by id. */
export async function customerNames(prisma: PrismaService, ids: Iterable<number | null>): Promise<Map<number, CustomerName>> {
  return (await namesOf(prisma, { customers: ids })).customers;
}

/** The code and names of the ports `ids`, by id. */
export async function portNames(prisma: PrismaService, ids: Iterable<number | null>): Promise<Map<number, PortName>> {
  return (await namesOf(prisma, { ports: ids })).ports;
}
