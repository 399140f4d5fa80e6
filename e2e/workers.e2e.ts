// WORKERS=2: `npm start` serves its port from two processes (scripts/lib/workers.mjs), sharing the hub
// and the caches' news through Redis. The product started here on a throw-away embedded PostgreSQL, as
// `npm start` runs it. Needs REDIS_URL (CI sets it); skipped without.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, freePort, startEmbeddedPostgres } from '../scripts/lib/database.mjs';
import { hubConnected, signIn } from './helpers';

const REDIS_URL = process.env.REDIS_URL;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU time (user + system, in clock ticks) a process has used. */
const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** A GET on a connection of its own (the cluster's primary hands each new connection to the next worker). */
const getOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => get(url, { agent: false }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0))).on('error', reject));

test.describe('npm start with WORKERS=2', () => {
  test.skip(!REDIS_URL, 'WORKERS>1 needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  let work: string;
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  let server: ChildProcess;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    work = mkdtempSync(path.join(tmpdir(), 'fwd-workers-'));
    chmodSync(work, 0o755);
    pg = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: await freePort(), persistent: false, durable: false });
    const url = pg.url('forwarder_workers');
    await createDatabase(url);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const prefix = `fwd:e2e:${randomBytes(4).toString('hex')}:`;
    server = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        WORKERS: '2',
        REDIS_URL,
        DEMO_DATA: 'accounts',
        UPLOAD_DIR: path.join(work, 'uploads'),
        HUB_REDIS_PREFIX: `${prefix}hub:`,
        CLUSTER_REDIS_PREFIX: `${prefix}cluster:`,
        RATE_REDIS_PREFIX: `${prefix}rate:`,
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Forwarder back office')) resolve();
      };
      server.stdout!.on('data', seen);
      server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      server.on('exit', (code) => reject(new Error(`npm start exited (${code}): ${output}`)));
    });
    expect(output).toContain('2 workers');
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await pg?.stop().catch(() => {});
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('serves the port from two worker processes, each taking connections', async () => {
    const isStart = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs');
    // npm start supervises one server process (scripts/lib/supervisor.mjs), the primary of the workers
    const [primary] = childrenOf(server.pid!).filter(isStart);
    const workers = childrenOf(primary).filter(isStart);
    expect(workers).toHaveLength(2);
    const before = workers.map(cpuTicks);
    // the login page (not an API call: the public calls are rate-limited per address)
    for (let i = 0; i < 60; i++) expect(await getOnNewConnection(`${base}/login`)).toBe(200);
    const after = workers.map(cpuTicks);
    expect(after.every((ticks, i) => ticks > before[i])).toBe(true);
  });

  test('signs a browser in, and kicks it out when its user signs in elsewhere', async ({ browser }) => {
    const first = await browser.newContext({ baseURL: base });
    const second = await browser.newContext({ baseURL: base });
    try {
      const firstPage = await first.newPage();
      const connected = hubConnected(firstPage);
      await signIn(firstPage, 'op01', 'demo123');
      await expect(firstPage.getByTestId('workbench-welcome')).toContainText('李文静');
      await connected;
      await signIn(await second.newPage(), 'op01', 'demo123');
      await expect(firstPage.locator('.ant-notification')).toContainText('您的账号已在其他地方登录，您已被迫下线！', { timeout: 15_000 });
      await expect(firstPage).toHaveURL(/\/login/, { timeout: 15_000 });
    } finally {
      await first.close();
      await second.close();
    }
  });
});
