/**
 * What `npm start`'s supervisor tells its server processes about the embedded PostgreSQL it runs
 * (scripts/lib/supervisor.mjs, over the fork's IPC channel): running, or being started again after it died.
 * Nothing is known in a server started otherwise (tests, an external DATABASE_URL without the supervisor).
 */
export const DATABASE_STATE_MESSAGE = 'forwarder:embedded-database';

export interface EmbeddedDatabaseState {
  state: 'running' | 'restarting';
  /** times it was started again since `npm start` */
  restarts: number;
  /** when it stopped, while it is being started again (ISO time) */
  downSince?: string;
}

let latest: EmbeddedDatabaseState | undefined;
let following = false;

/** Listens to the supervisor's news on this process's IPC channel (scripts/start.mjs calls it in each server process). */
export function followSupervisor(): void {
  if (following) return;
  following = true;
  process.on('message', (message: unknown) => {
    const news = message as (EmbeddedDatabaseState & { type?: unknown }) | null;
    if (news?.type !== DATABASE_STATE_MESSAGE) return;
    latest = { state: news.state, restarts: news.restarts, ...(news.downSince ? { downSince: news.downSince } : {}) };
  });
}

/** The embedded PostgreSQL as the supervisor last told, or undefined when no supervisor runs it. */
export function embeddedDatabaseState(): EmbeddedDatabaseState | undefined {
  return latest;
}
