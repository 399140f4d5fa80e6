// `npm start` as a supervisor (scripts/start.mjs): it owns the embedded PostgreSQL and runs the server as a
// child process, and brings back either when it dies. No single crash needs a person: a dead PostgreSQL is
// started again, a dead server forked again, and a PostgreSQL left running by a start that was itself killed
// is found and stopped by the next start on the same data folder (docs/operations.md, What heals itself).
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from './database.mjs';

/** What the supervisor tells its server process about the embedded PostgreSQL (read by the health checks). */
export const DATABASE_STATE_MESSAGE = 'forwarder:embedded-database';
/** Set in the server process's environment by the supervisor (scripts/start.mjs reads it to know its role). */
export const SUPERVISED_ENV = 'FORWARDER_SUPERVISED';

/** After this long up, a process that dies is restarted at once again and its crash does not count as a quick one. */
const STABLE_MS = 60_000;
/** The server given up after this many crashes in a row, each within STABLE_MS of its start (a fault no restart mends). */
const QUICK_CRASHES_MAX = 10;
/** How long a process asked to stop may take before it is made to. */
const STOP_GRACE_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delays between restarts: 1 s doubling to 30 s, back to 1 s once what was restarted stayed up STABLE_MS. */
export class Backoff {
  constructor({ initialMs = 1000, maxMs = 30_000, stableMs = STABLE_MS } = {}) {
    Object.assign(this, { initialMs, maxMs, stableMs, failures: 0 });
  }

  /** The delay before the next attempt, given how long the last one stayed up. */
  next(upMs = 0) {
    if (upMs >= this.stableMs) this.failures = 0;
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** this.failures);
    this.failures += 1;
    return delay;
  }
}

/** Whether a process of that id exists (one of another user's counts). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

async function exitedWithin(pid, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

/** The lock file of the start running on `dataDir`, beside it: `<data folder>.start.pid`. */
export const startLockFile = (dataDir) => path.join(path.dirname(dataDir), `${path.basename(dataDir)}.start.pid`);

/**
 * Claims `dataDir` for this start: a lock file holding the supervisor's pid. A live start holding it is
 * refused (two would fight over one PostgreSQL); a file left by a start that died is taken over.
 */
export function claimDataFolder(dataDir) {
  const file = startLockFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return {
        release: () => {
          if (readPid(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder && holder !== process.pid && isAlive(holder) && commandLine(holder).some((arg) => arg.endsWith('start.mjs'))) {
      throw new Error(
        `another npm start (pid ${holder}) runs on the embedded PostgreSQL in ${dataDir}: stop it first, or give this one its own EMBEDDED_PG_DIR and EMBEDDED_PG_PORT`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new Error(`could not claim ${file}`);
}

function readPid(file) {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0].trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The postmaster running on `dataDir` now, from its postmaster.pid: its pid when that process is alive and
 * is a postgres started on this folder (not another process that took a dead postmaster's pid).
 */
export function runningPostmaster(dataDir) {
  let lines;
  try {
    lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  if (path.resolve(lines[1] ?? '') !== path.resolve(dataDir)) return undefined;
  const args = commandLine(pid);
  const isOurs = path.basename(args[0] ?? '').startsWith('postgres') && args.some((arg) => path.resolve(arg) === path.resolve(dataDir));
  return isOurs ? pid : undefined;
}

/**
 * Stops a PostgreSQL left running on `dataDir` by an earlier start that was killed (called once the folder
 * is claimed, so no live start owns it): a fast shutdown (SIGINT: sessions ended, everything committed
 * kept), then an immediate one, then SIGKILL if it still runs. A postmaster.pid with no process behind it
 * is left to PostgreSQL, which ignores it. Resolves with the pid stopped, if any.
 */
export async function stopOrphanPostgres(dataDir, log = console.log) {
  const pid = runningPostmaster(dataDir);
  if (!pid) return undefined;
  log(`the embedded PostgreSQL of an earlier start still runs on ${dataDir} (pid ${pid}): stopping it`);
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ]) {
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    if (await exitedWithin(pid, ms)) break;
  }
  if (isAlive(pid)) throw new Error(`the embedded PostgreSQL left running on ${dataDir} (pid ${pid}) did not stop`);
  log(`stopped the embedded PostgreSQL left running (pid ${pid})`);
  return pid;
}

/**
 * Runs the embedded PostgreSQL on `dataDir` and `port`, and starts it again whenever it dies (with Backoff,
 * for as long as it takes), telling `onState` each change: `{ state: 'running' | 'restarting', restarts,
 * downSince? }`. Resolves once it first runs; `stop()` ends it for good.
 */
export async function superviseEmbeddedPostgres({ dataDir, port, log = console.log, onState = () => {} }) {
  const backoff = new Backoff();
  let stopping = false;
  let restarts = 0;
  let current = await startEmbeddedPostgres({ dataDir, port });
  let startedAt = Date.now();

  async function restart({ code, signal }) {
    const downSince = new Date();
    let upMs = Date.now() - startedAt;
    onState({ state: 'restarting', restarts, downSince: downSince.toISOString() });
    let cause = `it stopped (${signal ?? `exit code ${code}`})`;
    while (!stopping) {
      const delay = backoff.next(upMs);
      upMs = 0;
      log(`embedded PostgreSQL: ${cause}; starting it again in ${delay / 1000} s (attempt ${backoff.failures})`);
      await sleep(delay);
      if (stopping) return;
      try {
        current = await startEmbeddedPostgres({ dataDir, port });
      } catch (error) {
        // e.g. a killed postmaster's sessions still hold its shared memory for a moment
        cause = `it did not start (${error.message})`;
        continue;
      }
      startedAt = Date.now();
      restarts += 1;
      log(`embedded PostgreSQL running again (pid ${current.pid}), ${((Date.now() - downSince.getTime()) / 1000).toFixed(1)} s after it stopped`);
      onState({ state: 'running', restarts });
      watch(current);
      return;
    }
  }

  function watch(server) {
    void server.exited.then((exit) => {
      if (!stopping && server === current) void restart(exit);
    });
  }

  watch(current);
  return {
    get pid() {
      return current.pid;
    },
    url: (database) => current.url(database),
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}

/**
 * Runs `script` as the server process (fork, `SUPERVISED_ENV` set) and forks it again when it dies
 * unasked, with Backoff. A first launch that dies before it says it is ready ends the supervision (a start
 * that cannot work: configuration, migrations; its own message says why), and so do QUICK_CRASHES_MAX quick
 * crashes in a row: `onGiveUp(code)`, except crashes while `databaseDown()` (a server cannot start then, and
 * the database is being brought back). `send(message)` reaches the current process; `stop()` ends it.
 */
export function superviseServer({ script, env, log = console.log, onReady = () => {}, onGiveUp, greeting = () => undefined, databaseDown = () => false }) {
  const backoff = new Backoff();
  let child;
  let stopping = false;
  let everReady = false;
  let quickCrashes = 0;

  function launch() {
    const startedAt = Date.now();
    child = fork(script, process.argv.slice(2), { env: { ...env, [SUPERVISED_ENV]: '1' }, execArgv: process.execArgv });
    const launched = child;
    launched.on('message', (message) => {
      if (message?.type !== 'ready') return;
      const first = !everReady;
      everReady = true;
      onReady(first);
    });
    const hello = greeting();
    if (hello) launched.send(hello);
    launched.on('exit', (code, signal) => {
      if (stopping) return;
      const upMs = Date.now() - startedAt;
      if (!everReady) return onGiveUp(code ?? 1);
      if (upMs >= STABLE_MS) quickCrashes = 0;
      else if (!databaseDown()) quickCrashes += 1;
      if (quickCrashes >= QUICK_CRASHES_MAX) {
        log(`server: stopped ${quickCrashes} times in a row within ${STABLE_MS / 1000} s of its start; giving up`);
        return onGiveUp(1);
      }
      const delay = backoff.next(upMs);
      log(
        `server: process ${launched.pid} stopped (${signal ?? `exit code ${code}`}) after ${(upMs / 1000).toFixed(1)} s; starting another in ${delay / 1000} s`,
      );
      setTimeout(() => !stopping && launch(), delay);
    });
  }

  launch();
  return {
    send: (message) => {
      if (child?.connected) child.send(message, () => {});
    },
    stop: async () => {
      stopping = true;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
