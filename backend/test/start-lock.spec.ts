// The safety rules of the supervisor of `npm start` (scripts/lib/supervisor.mjs) that its real-process test
// (supervisor.spec.ts) cannot provoke: a postmaster.pid whose process is not that PostgreSQL any more (its pid
// taken by another process) is never signalled, a start holding a data folder keeps it, and the delays
// between restarts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Backoff, claimDataFolder, isAlive, runningPostmaster, startLockFile, stopOrphanPostgres } from '../../scripts/lib/supervisor.mjs';

describe('the supervisor of npm start', () => {
  let root: string;
  let dataDir: string;
  let other: ChildProcess | undefined;
  /** a live process that is no PostgreSQL, its command line ending in `name` */
  const bystander = (name: string) => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', name], { stdio: 'ignore' });
    return other.pid!;
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'fwd-start-lock-'));
    dataDir = path.join(root, 'pg');
    mkdirSync(dataDir);
  });
  afterEach(() => {
    other?.kill('SIGKILL');
    other = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves alone a process that took the pid of a dead postmaster', async () => {
    const pid = bystander('postgres');
    writeFileSync(path.join(dataDir, 'postmaster.pid'), `${pid}\n${dataDir}\n1764000000\n54320\n`);
    expect(runningPostmaster(dataDir)).toBeUndefined();
    await expect(stopOrphanPostgres(dataDir, () => {})).resolves.toBeUndefined();
    expect(isAlive(pid)).toBe(true);
  });

  it('leaves a postmaster.pid with no process behind it to PostgreSQL', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dataDir, 'postmaster.pid'), `${gone.pid}\n${dataDir}\n`);
    await expect(stopOrphanPostgres(dataDir, () => {})).resolves.toBeUndefined();
    expect(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8')).toContain(String(gone.pid));
  });

  it('keeps a data folder for the live start holding it, and takes over one left by a start that died', () => {
    const holder = bystander('start.mjs');
    writeFileSync(startLockFile(dataDir), `${holder}\n`);
    expect(() => claimDataFolder(dataDir)).toThrow(`another npm start (pid ${holder}) runs on the embedded PostgreSQL in ${dataDir}`);
    other!.kill('SIGKILL');
    // its pid taken since by a process that is no start does not hold it either
    writeFileSync(startLockFile(dataDir), `${bystander('server.js')}\n`);
    const lock = claimDataFolder(dataDir);
    expect(readFileSync(startLockFile(dataDir), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(() => readFileSync(startLockFile(dataDir))).toThrow();
  });

  it('waits 1 s, then twice as long each time up to 30 s, and 1 s again after a minute up', () => {
    const backoff = new Backoff();
    expect([0, 0, 0, 0, 0, 0, 0].map(() => backoff.next())).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(backoff.next(60_000)).toBe(1000);
    expect(backoff.next(59_000)).toBe(2000);
  });
});
