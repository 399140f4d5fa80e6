// A start that heals itself (scripts/start.mjs, scripts/lib/supervisor.mjs): `npm start` on a fresh data
// folder, as real processes, and each of its parts killed with kill -9. The embedded PostgreSQL is started
// again, the server forked again, and a PostgreSQL left behind by a killed start is stopped by the next
// start: no person needed after any single crash (docs/operations.md, What heals itself).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/database.mjs';
import { buildServer, isAlive, startProduct, statusOf, until200, type StartedProduct } from './npm-start.js';
import { waitFor } from './wait-for.js';

describe('npm start supervises what it starts', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string>;
  let port: number;
  const started: StartedProduct[] = [];
  let product: StartedProduct;

  const start = () => {
    const next = startProduct(port, env);
    started.push(next);
    return next;
  };
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ready = () => `${product.url}/api/health/ready`;
  // a call that needs the database and that nothing has read before the first kill (the login key)
  const signInKey = () => `${product.url}/api/v1/login/initialize`;

  beforeAll(async () => {
    buildServer();
    root = mkdtempSync(path.join(tmpdir(), 'fwd-supervisor-'));
    // run as root, PostgreSQL runs as "postgres", who must reach its folder
    chmodSync(root, 0o755);
    dataDir = path.join(root, 'pg');
    port = await freePort();
    env = {
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      DEMO_DATA: 'accounts',
      UPLOAD_DIR: path.join(root, 'uploads'),
      BACKUP_DIR: path.join(root, 'backups'),
    };
    product = start();
    await until200(ready(), 150_000);
  }, 400_000);

  afterAll(async () => {
    for (const one of started) one.killAll();
    rmSync(root, { recursive: true, force: true });
  });

  it('starts a PostgreSQL killed with kill -9 again: the API answers 503 meanwhile, never 500, then serves', async () => {
    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');
    // readiness says why it fails while the supervisor starts PostgreSQL again
    await waitFor(
      async () => {
        const res = await fetch(ready());
        const body = (await res.json()) as { checks: { embeddedDatabase?: { state: string; status: string } } };
        return res.status === 503 && body.checks.embeddedDatabase?.state === 'restarting' && body.checks.embeddedDatabase.status === 'fail';
      },
      5000,
      'readiness to report the restart',
    );
    const seen = await until200(signInKey(), 60_000);
    expect(seen.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(seen).toContain(503);
    expect(postmasterPid()).not.toBe(killed);
    const after = await fetch(ready()).then((res) => res.json() as Promise<{ status: string; checks: { embeddedDatabase: object } }>);
    expect(after.checks.embeddedDatabase).toEqual({ status: 'ok', state: 'running', restarts: 1 });
    expect(product.output()).toMatch(/embedded PostgreSQL: it stopped \(SIGKILL\); starting it again in 1 s/);
    expect(product.output()).toMatch(/embedded PostgreSQL running again \(pid \d+\)/);
  }, 90_000);

  it('forks the server again when it is killed with kill -9', async () => {
    const [server] = product.serverPids();
    expect(server).toBeDefined();
    process.kill(server, 'SIGKILL');
    await until200(signInKey(), 90_000);
    expect(product.serverPids()).not.toContain(server);
    expect(product.serverPids()).toHaveLength(1);
    expect(product.output()).toContain(`server: process ${server} stopped (SIGKILL)`);
    // and the new server heard that the database was started again once
    const body = await fetch(ready()).then((res) => res.json() as Promise<{ checks: { embeddedDatabase: object } }>);
    expect(body.checks.embeddedDatabase).toEqual({ status: 'ok', state: 'running', restarts: 1 });
  }, 120_000);

  it('refuses a second start on the same data folder while one runs', async () => {
    const second = startProduct(await freePort(), env);
    started.push(second);
    await expect(second.exited).resolves.toBe(1);
    expect(second.output()).toContain(`another npm start (pid ${product.pid}) runs on the embedded PostgreSQL in ${dataDir}`);
    await expect(statusOf(ready())).resolves.toBe(200);
  }, 60_000);

  it('finds the PostgreSQL of a start killed with kill -9 on its data folder, stops it and starts', async () => {
    const orphan = postmasterPid();
    // the whole start at once (as an OOM kill of the group would leave it): nobody stops its PostgreSQL
    for (const pid of [product.pid, ...product.serverPids()]) process.kill(pid, 'SIGKILL');
    await product.exited;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(isAlive(orphan)).toBe(true);
    product = start();
    await until200(signInKey(), 120_000);
    expect(isAlive(orphan)).toBe(false);
    // Stopped by the new start, which says so — unless the orphan had ended by itself before the new start
    // looked (seen once in CI on a busy machine: alive a second after the kill, gone by the check). Either way
    // the start is not refused for the folder.
    const stopped = `the embedded PostgreSQL of an earlier start still runs on ${dataDir} (pid ${orphan}): stopping it`;
    if (!product.output().includes(stopped)) expect(product.output()).not.toMatch(/did not start|another one running/);
  }, 150_000);

  it('stops its PostgreSQL when only the supervisor is killed: the server sees it gone', async () => {
    const postmaster = postmasterPid();
    const [server] = product.serverPids();
    process.kill(product.pid, 'SIGKILL');
    await waitFor(() => !isAlive(postmaster) && !isAlive(server), 30_000, 'PostgreSQL and the server to stop');
  }, 40_000);

  it('stops the server, then PostgreSQL, on SIGTERM, and leaves the data folder free', async () => {
    product = start();
    await until200(ready(), 120_000);
    const postmaster = postmasterPid();
    await expect(product.stop()).resolves.toBe(0);
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(existsSync(`${dataDir}.start.pid`)).toBe(false);
    expect(product.output()).toContain('SIGTERM: stopping the server, then the database');
  }, 150_000);

  it("does not retry a first start that cannot work: it exits with the server's message and stops PostgreSQL", async () => {
    // a setting no restart mends: several workers without Redis
    const refused = startProduct(port, { ...env, WORKERS: '2' });
    started.push(refused);
    await expect(refused.exited).resolves.toBe(1);
    expect(refused.output()).toContain('start failed: WORKERS=2 needs REDIS_URL');
    expect(refused.output()).not.toContain('starting another');
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(existsSync(`${dataDir}.start.pid`)).toBe(false);
  }, 60_000);
});
