// The product started as `npm start` starts it (scripts/start.mjs, the supervisor and its server process),
// as a real process group on ports of its own, for the suites that kill parts of it. Needs the built server:
// `buildServer()` builds it when its sources changed (scripts/build.mjs --server).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-runtime.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--server'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server did not build:\n${build.stdout}\n${build.stderr}`);
}

export interface StartedProduct {
  /** the supervisor's pid (and its process group's id) */
  pid: number;
  url: string;
  /** what it wrote so far, stdout and stderr */
  output(): string;
  /** resolves with the exit code once the supervisor ends */
  exited: Promise<number | null>;
  /** the pids of the supervisor's children that are server processes (not PostgreSQL) */
  serverPids(): number[];
  /** SIGTERM to the supervisor, as Ctrl-C or `docker stop`; the exit code */
  stop(): Promise<number | null>;
  /** SIGKILL to every process of its group (teardown) */
  killAll(): void;
}

/** Starts scripts/start.mjs with `env` over a clean environment (no DATABASE_URL, REDIS_URL or WORKERS unless given). */
export function startProduct(port: number, env: Record<string, string>): StartedProduct {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'WORKERS', 'NODE_OPTIONS', 'JEST_WORKER_ID', 'HUB_REDIS_PREFIX']) delete base[name];
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...base, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    // a group of its own: the teardown ends it whole, the orphaned PostgreSQL of a killed start included
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid!;
  return {
    pid,
    url: `http://127.0.0.1:${port}`,
    output: () => text,
    exited,
    serverPids: () => childrenOf(pid).filter((child) => commandLine(child).some((arg) => arg.endsWith('start.mjs'))),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    killAll: () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The status of GET `url`, or 0 when nothing answered within 3 s. */
export async function statusOf(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Polls `url` every 250 ms until it answers 200, recording every status seen; rejects after `ms`. */
export async function until200(url: string, ms: number, seen: number[] = []): Promise<number[]> {
  const end = Date.now() + ms;
  for (;;) {
    const status = await statusOf(url);
    seen.push(status);
    if (status === 200) return seen;
    if (Date.now() > end) throw new Error(`${url} did not answer 200 within ${ms / 1000} s (last: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
