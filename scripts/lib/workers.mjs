// WORKERS=N for `npm start`: N server processes on one port (Node's cluster module: the primary accepts
// connections and hands them to the workers in turn), so that one machine's cores all serve requests.
// The workers share the hub, the caches' news and the sign-in limits through Redis (REDIS_URL), exactly
// as instances on several machines do (docs/scale-out.md).
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** WORKERS as a number: unset or empty → 1, `auto` → the machine's cores; anything else must be a positive whole number. */
export function workerCount(raw = process.env.WORKERS) {
  const value = (raw ?? '').trim();
  if (value === '') return 1;
  if (value === 'auto') return availableParallelism();
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`WORKERS must be a positive whole number or "auto", got "${raw}"`);
  return count;
}

/** Why N workers cannot start with this environment, or undefined when they can. */
export function workersRefusal(count, env = process.env) {
  if (count > 1 && !env.REDIS_URL) {
    return (
      `WORKERS=${env.WORKERS} needs REDIS_URL: the server processes share the hub, the news of changed grants and ` +
      'settings, and the sign-in limits through Redis. Set REDIS_URL (e.g. redis://127.0.0.1:6379) or leave WORKERS at 1.'
    );
  }
  return undefined;
}

/**
 * Forks `count` workers with `env` and resolves once every one listens. A worker that dies is replaced
 * (after a second, so that a worker failing at start does not spin). `stop()` ends them all.
 */
export async function startWorkers(count, env) {
  let stopping = false;
  const fork = () => cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    setTimeout(() => !stopping && fork(), 1000).unref();
  });
  const listening = new Promise((resolve) => {
    let ready = 0;
    cluster.on('listening', () => ++ready === count && resolve());
  });
  for (let i = 0; i < count; i++) fork();
  await listening;
  return {
    stop: async () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise((resolve) => {
              worker.once('exit', resolve);
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

export const isWorker = () => cluster.isWorker;
