// Every write answered "ok" is kept with its records, whatever is killed under load: the product as
// `npm start` runs it, eight clients creating notices with Idempotency-Keys (retried as the web client
// does: scripts/lib/chaos.mjs, shared with `npm run chaos`), and kill -9 of the server process and of the
// embedded PostgreSQL in the middle of it. Afterwards every acknowledged create has its row (once), its
// change-log row and its request-log row, and no client saw a 500.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { lostRecords, writeLoad } from '../../scripts/lib/chaos.mjs';
import { freePort } from '../../scripts/lib/database.mjs';
import { login, type TestApp } from './app.js';
import { buildServer, startProduct, until200, type StartedProduct } from './npm-start.js';
import { waitFor } from './wait-for.js';

/** The acknowledged writes the load has on each side of a kill (it ran a fixed 2 s on each side before). */
const WRITES_ON_EACH_SIDE = 40;

describe('acknowledged writes under kill -9', () => {
  let root: string;
  let product: StartedProduct;
  let databaseUrl: string;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    buildServer();
    root = mkdtempSync(path.join(tmpdir(), 'fwd-acknowledged-'));
    // run as root, PostgreSQL runs as "postgres", who must reach its folder
    chmodSync(root, 0o755);
    dataDir = path.join(root, 'pg');
    const pgPort = await freePort();
    databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/forwarder`;
    product = startProduct(await freePort(), {
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DEMO_DATA: 'accounts',
      UPLOAD_DIR: path.join(root, 'uploads'),
      BACKUP_DIR: path.join(root, 'backups'),
    });
    await until200(`${product.url}/api/health/ready`, 150_000);
    // signed in through the RSA form as the login page does (login() needs only the server's address)
    const session = await login({ http: () => request(product.url) } as unknown as TestApp, 'admin', 'admin123');
    token = session.token;
  }, 400_000);

  afterAll(() => {
    product?.killAll();
    rmSync(root, { recursive: true, force: true });
  });

  const faults: [string, () => void][] = [
    ['the server process', () => process.kill(product.serverPids()[0], 'SIGKILL')],
    ['the embedded PostgreSQL', () => process.kill(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL')],
  ];

  it.each(faults)(
    'loses no record of an acknowledged write when %s is killed under load',
    async (name, kill) => {
      const load = writeLoad(`${product.url}/api/v1`, token, { clients: 8, prefix: `ack-${name.split(' ').at(-1)}` });
      // the kill comes in the middle of a running load: once it has had writes acknowledged (it used to run 2 s)
      await waitFor(() => load.acknowledged.length >= WRITES_ON_EACH_SIDE, 30_000, 'writes acknowledged before the kill');
      const before = load.acknowledged.length;
      kill();
      await until200(`${product.url}/api/health/ready`, 90_000);
      // and goes on after the recovery until as many more were acknowledged (it used to run 2 s more)
      await waitFor(() => load.acknowledged.length >= before + WRITES_ON_EACH_SIDE, 60_000, 'writes acknowledged after the recovery');
      await load.stop();
      // the load ran on both sides of the kill, and saw the outage
      expect(before).toBeGreaterThan(0);
      expect(load.acknowledged.length).toBeGreaterThan(before);
      expect([...load.statuses.keys()].some((status) => status !== 200)).toBe(true);
      expect(load.statuses.get(500)).toBeUndefined();
      expect(await lostRecords(databaseUrl, load.acknowledged)).toEqual({ rows: 0, twice: 0, changeLog: 0, requestLog: 0 });
    },
    180_000,
  );
});
