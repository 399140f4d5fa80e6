// The names a page shows beside its ids (staff, customers, ports): one statement per page each, on the direct
// path (PrismaService.readRows), since they follow every list and detail answer of the busy screens.
import { Prisma } from '../generated/prisma/client.js';
import type { PrismaService } from './prisma.service.js';

const distinct = (ids: Iterable<number | null>) => [...new Set([...ids].filter((id): id is number => id !== null))];

/** The full names of the users `ids`, by id. */
export async function userNames(prisma: PrismaService, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = distinct(ids);
  if (!wanted.length) return new Map();
  const rows = await prisma.readRows<{ id: number; full_name: string }[]>(Prisma.sql`select id, full_name from app_user where id = any(${wanted})`);
  return new Map(rows.map((u) => [u.id, u.full_name]));
}

export interface CustomerName {
  code: string;
  companyName: string;
  level: string | null;
}

/** The code, company name and level of the customers `ids`, by id. */
export async function customerNames(prisma: PrismaService, ids: Iterable<number | null>): Promise<Map<number, CustomerName>> {
  const wanted = distinct(ids);
  if (!wanted.length) return new Map();
  const rows = await prisma.readRows<{ id: number; code: string; company_name: string; level: string | null }[]>(
    Prisma.sql`select id, code, company_name, level from customer where id = any(${wanted})`,
  );
  return new Map(rows.map((c) => [c.id, { code: c.code, companyName: c.company_name, level: c.level }]));
}

export interface PortName {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** The code and names of the ports `ids`, by id. */
export async function portNames(prisma: PrismaService, ids: Iterable<number | null>): Promise<Map<number, PortName>> {
  const wanted = distinct(ids);
  if (!wanted.length) return new Map();
  const rows = await prisma.readRows<{ id: number; code: string; name_zh: string; name_en: string }[]>(
    Prisma.sql`select id, code, name_zh, name_en from port where id = any(${wanted})`,
  );
  return new Map(rows.map((p) => [p.id, { id: p.id, code: p.code, nameZh: p.name_zh, nameEn: p.name_en }]));
}
