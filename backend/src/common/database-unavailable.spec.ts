import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { Prisma } from '../generated/prisma/client.js';
import { createBaseClient } from '../prisma/base-client.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const CLIENT_VERSION = Prisma.prismaVersion.client;

describe('isDatabaseUnavailable', () => {
  it('recognises a server that refuses the connection, through Prisma and straight from the pool', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/none`;
    const prisma = createBaseClient(url, 1);
    try {
      const viaModel = await failureOf(prisma.user.count());
      expect(viaModel).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect(isDatabaseUnavailable(viaModel)).toBe(true);
      expect(isDatabaseUnavailable(await failureOf(prisma.$queryRaw`select 1`))).toBe(true);
      expect(isDatabaseUnavailable(await failureOf(prisma.$transaction(async (tx) => tx.user.count())))).toBe(true);
    } finally {
      await prisma.$disconnect();
    }
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      expect(isDatabaseUnavailable(await failureOf(pool.query('select 1')))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('recognises a connection the server drops', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${(server.address() as AddressInfo).port}/none` });
    try {
      const error = await failureOf(client.connect());
      expect((error as Error).message).toMatch(/Connection terminated/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('recognises PostgreSQL shutting down or starting up, as pg and as Prisma report it', () => {
    for (const code of ['57P01', '57P03', '08006', '53300']) {
      const error = Object.assign(new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'), { code, severity: 'FATAL' });
      expect(isDatabaseUnavailable(error)).toBe(true);
      const wrapped = new Prisma.PrismaClientKnownRequestError('Raw query failed', {
        code: 'P2010',
        clientVersion: CLIENT_VERSION,
        meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: code, kind: 'postgres', code, severity: 'FATAL' } } },
      });
      expect(isDatabaseUnavailable(wrapped)).toBe(true);
    }
    expect(isDatabaseUnavailable(new Prisma.PrismaClientInitializationError("Can't reach database server", CLIENT_VERSION))).toBe(true);
    expect(isDatabaseUnavailable(new Prisma.PrismaClientKnownRequestError('closed', { code: 'P1017', clientVersion: CLIENT_VERSION }))).toBe(true);
  });

  it('leaves statement failures and other errors alone', () => {
    for (const code of ['P2002', 'P2025', 'P2010']) {
      expect(isDatabaseUnavailable(new Prisma.PrismaClientKnownRequestError('failed', { code, clientVersion: CLIENT_VERSION, meta: {} }))).toBe(false);
    }
    const syntax = Object.assign(new pg.DatabaseError('syntax error at or near "x"', 0, 'error'), { code: '42601', severity: 'ERROR' });
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
