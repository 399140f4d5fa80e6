export declare const DATABASE_STATE_MESSAGE: string;
export declare const SUPERVISED_ENV: string;
export declare class Backoff {
  constructor(options?: { initialMs?: number; maxMs?: number; stableMs?: number });
  failures: number;
  next(upMs?: number): number;
}
export declare function isAlive(pid: number): boolean;
export declare const startLockFile: (dataDir: string) => string;
export declare function claimDataFolder(dataDir: string): { release(): void };
export declare function runningPostmaster(dataDir: string): number | undefined;
export declare function stopOrphanPostgres(dataDir: string, log?: (line: string) => void): Promise<number | undefined>;
