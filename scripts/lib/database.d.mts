export declare const repoRoot: string;
export declare function freePort(): Promise<number>;
export interface EmbeddedServer {
  url(database: string): string;
  /** the postmaster's process id */
  pid: number;
  /** resolves when the postmaster ends, asked to or not */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}
/**
 * Under root: throws when the postgres user cannot reach `dir` through one of its parents, except that the
 * `passable` folder (the project's .data) is made passable to others (0711) instead.
 */
export declare function checkTraversable(dir: string, passable?: string): void;
export declare const ROOT_DATA_BASE: string;
/** EMBEDDED_PG_DIR, else .data/pg in the project, else (under root, the project not passable to the postgres user) a folder under ROOT_DATA_BASE. */
export declare function embeddedDataDir(env?: NodeJS.ProcessEnv, options?: { root?: string; asRoot?: boolean; base?: string }): string;
export declare function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  /** false: a test's throw-away cluster, no fsync nor full-page writes (commits still reach the OS before they are acknowledged) */
  durable?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedServer>;
export declare function withDatabase(url: string, database: string): string;
export declare function databaseExists(url: string): Promise<boolean>;
export declare function createDatabase(url: string, options?: { template?: string }): Promise<boolean>;
export declare function dropDatabase(url: string): Promise<void>;
export declare function resolveDatabase(options?: {
  log?: (line: string) => void;
  shareRunning?: boolean;
}): Promise<{ url: string; stop(): Promise<void>; embedded: boolean }>;
