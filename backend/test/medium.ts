// The medium test tier (docs/development.md, Tests): the real services of the whole application wired by
// Nest, without HTTP, on a fresh copy of the seeded template database, one per spec file. A spec beside a
// service calls the service as its controller would, with a Principal as the guard builds it, and seeds
// the few rows its rules need. The tests of a file share the database: each makes its own customers and
// orders and asserts on those, so nothing is reset between tests.
import { ORDER_FLOW, type OrderStage, type PermissionCode, type ShipType, type UpgradeStage } from '@forwarder/domain';
import 'reflect-metadata';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeployService } from '../src/admin/deploy/deploy.service.js';
import { AppModule } from '../src/app.module.js';
import { GrantsService } from '../src/auth/grants.service.js';
import type { Principal } from '../src/common/access.decorators.js';
import { loadConfig } from '../src/config/app-config.js';
import type { Customer, Prisma } from '../src/generated/prisma/client.js';
import type { OrderAddDto } from '../src/orders/order/orders.dto.js';
import { OrdersService, type OrderView } from '../src/orders/order/orders.service.js';
import { PrismaService } from '../src/prisma/prisma.service.js';
import { STAFF_SEEDS } from '../src/seed/roles.js';
import type { SettingKey, SettingValue } from '../src/settings/settings.catalogue.js';
import { createTestDatabase } from './database.js';
import { linePorts, lineRoute, MOVABLE_ORDER } from './order-fixtures.js';
import { MOVE_DATA } from './stage-data.js';

/** The demo staff's accounts (src/seed/roles.ts): admin (super admin), sales01/sales02, manager01, op01, fin01, cs01. */
export type DemoAccount = (typeof STAFF_SEEDS)[number]['account'];

/** A principal's grants changed for one test: codes added to or taken from what the user's roles give. */
export interface GrantChange {
  add?: PermissionCode[];
  remove?: PermissionCode[];
}

/** The fields of a seeded order: those of the add form, plus the line and, optionally, its customer. */
export type OrderSeed = Partial<OrderAddDto> & { line?: ShipType };

export interface Medium {
  /** A provider of the application (a service, by its class). */
  get<T>(type: Type<T>): T;
  prisma: PrismaService;
  /** The signed-in user as the access guard builds it (the grants of their roles; GrantsService), optionally changed. */
  principal(account: DemoAccount, change?: GrantChange): Promise<Principal>;
  /** Sets a system parameter as an administrator does on /base/deploy (the settings cache follows). */
  setParameter<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void>;
  seed: Seeds;
  close(): Promise<void>;
}

export interface Seeds {
  /** The origin and destination port of a line (the six ports are made on first use). */
  route(line: ShipType): Promise<{ originPortId: number; destinationPortId: number }>;
  /** A customer row as the life cycle leaves it: approved and owned by `ownerId` unless `fields` say otherwise. */
  customer(ownerId: number | null, fields?: Partial<Prisma.CustomerUncheckedCreateInput>): Promise<Customer>;
  /**
   * An order added through OrdersService (its number, shipping mark and trail as in production) for a
   * new approved customer of `owner` (or `fields.customerId`), with packages, weights, consignee and
   * address so that it can move all the way unless `fields` clear them.
   */
  order(owner: Principal, fields?: OrderSeed): Promise<OrderView>;
  /** Moves an order stage by stage up to `target`, entering each move's data (stage-data.ts). */
  moveTo(orderId: number, target: OrderStage): Promise<OrderView>;
}

/** Boots the application context on a database of its own; call in beforeAll and `close()` in afterAll. */
export async function createMedium(): Promise<Medium> {
  const database = await createTestDatabase();
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'fwd-medium-'));
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: database.url, UPLOAD_DIR: uploadDir, WEB_DIR: '' }),
    databasePoolSize: 5,
    // the hub's backplane in memory: pushes are not what these tests look at
    redisUrl: undefined,
  };
  let ctx: INestApplicationContext;
  try {
    ctx = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const prisma = ctx.get(PrismaService);
  const grants = ctx.get(GrantsService);

  const principal = async (account: DemoAccount, change: GrantChange = {}): Promise<Principal> => {
    const { id } = await prisma.db.user.findUniqueOrThrow({ where: { account }, select: { id: true } });
    const found = await grants.forUser(id);
    if (!found) throw new Error(`no user ${account}`);
    const { enabled: _enabled, ...granted } = found;
    const codes = new Set([...granted.permissionCodes, ...(change.add ?? [])]);
    for (const code of change.remove ?? []) codes.delete(code);
    return { ...granted, permissionCodes: [...codes], sessionId: `medium-${account}` };
  };

  let serial = 0;
  const unique = () => `${process.pid}-${++serial}`;
  let ports: Promise<Record<string, number>> | undefined;
  const route = async (line: ShipType) => {
    ports ??= (async () => {
      const ids: Record<string, number> = {};
      for (const [shipType, kind, code] of linePorts()) {
        const row = await prisma.db.port.create({ data: { shipType, kind, code, nameZh: code, nameEn: code, country: 'X' } });
        ids[code] = row.id;
      }
      return ids;
    })();
    return lineRoute(await ports, line);
  };

  const customer = async (ownerId: number | null, fields: Partial<Prisma.CustomerUncheckedCreateInput> = {}) => {
    const n = unique();
    const admin = await principal('admin');
    return prisma.db.customer.create({
      data: {
        code: `M${n}`,
        companyName: `Medium customer ${n}`,
        contactName: '王五',
        salesmanId: ownerId,
        reviewStatus: 'approved',
        reviewedAt: new Date(),
        reviewerId: admin.userId,
        createdBy: admin.userId,
        ...fields,
      },
    });
  };

  const orders = ctx.get(OrdersService);
  const order = async (owner: Principal, { line = 'dedicatedline', customerId, ...fields }: OrderSeed = {}) => {
    const admin = await principal('admin');
    const forCustomer = customerId ?? (await customer(owner.userId)).id;
    return orders.add(
      line,
      {
        customerId: forCustomer,
        ...(await route(line)),
        ...MOVABLE_ORDER,
        ...fields,
      },
      admin,
    );
  };
  const moveTo = async (orderId: number, target: OrderStage) => {
    const admin = await principal('admin');
    const { stage: from, shipType } = await orders.detail(orderId, admin);
    for (const stage of ORDER_FLOW.slice(ORDER_FLOW.indexOf(from as OrderStage) + 1, ORDER_FLOW.indexOf(target) + 1) as UpgradeStage[]) {
      await orders.upgrade(stage, { ids: [orderId], ...MOVE_DATA[stage]?.(shipType) }, admin);
    }
    return orders.detail(orderId, admin);
  };

  return {
    get: <T>(type: Type<T>) => ctx.get(type),
    prisma,
    principal,
    setParameter: async (key, value) => {
      const admin = await principal('admin');
      const deploy = ctx.get(DeployService);
      const current = (await deploy.list()).find((setting) => setting.key === key);
      await deploy.update({ key, value, ver: current?.ver ?? undefined }, admin.userId);
    },
    seed: { route, customer, order, moveTo },
    close: async () => {
      await ctx.close();
      await database.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Stands for a provider of a block's context, which exists once the block's beforeAll has run: read at each use. */
function lateProvider<T extends object>(m: Medium, type: Type<T>): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const provider = m.get(type);
      const value = Reflect.get(provider, key);
      return typeof value === 'function' ? value.bind(provider) : value;
    },
  });
}

/** The providers a block asks for, by the name its tests call them. */
type Providers<S> = { [K in keyof S]: S[K] extends Type<infer T> ? T : never };

/**
 * The medium tier of a describe block: booted in its beforeAll with these demo users' principals and
 * closed in its afterAll. `const { m, sales, charges } = useMedium({ sales: 'sales01' }, { charges: ChargesService })`:
 * the principals are filled when the beforeAll has run, and each provider is read from the context when a test calls it.
 */
export function useMedium<N extends string = never, S extends Record<string, Type<object>> = Record<never, Type<object>>>(
  accounts: Record<N, DemoAccount> = {} as Record<N, DemoAccount>,
  providers: S = {} as S,
): { m: Medium } & Record<N, Principal> & Providers<S> {
  const m = {} as Medium;
  const principals = Object.fromEntries(Object.keys(accounts).map((name) => [name, {} as Principal])) as Record<N, Principal>;
  const services = Object.fromEntries(Object.entries(providers).map(([name, type]) => [name, lateProvider(m, type)])) as Providers<S>;
  beforeAll(async () => {
    Object.assign(m, await createMedium());
    for (const [name, account] of Object.entries(accounts) as [N, DemoAccount][]) Object.assign(principals[name], await m.principal(account));
  });
  afterAll(() => m.close?.());
  return { m, ...principals, ...services };
}
