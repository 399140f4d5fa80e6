export declare function migrate(url: string): void;
export declare function migrateIfPending(url: string, options?: { log?: (line: string) => void; backup?: () => Promise<unknown> }): Promise<void>;
export declare function migrateNewDatabase(url: string, log?: (line: string) => void): Promise<void>;
export declare function migrationsUpToDate(url: string): Promise<boolean>;
export declare function backendModule(relative: string): Promise<Record<string, unknown>>;
export declare function seed(url: string, options?: { onlyIfEmpty?: boolean; log?: (line: string) => void }): Promise<boolean>;
export declare function holdStartLock(url: string): Promise<{ release: () => Promise<void> }>;
export interface DemoLoadClaim {
  progress(progress: { day: number; days: number; orders: number }): Promise<void>;
  finish(error?: Error): Promise<void>;
}
export declare function startOnce<T>(
  url: string,
  start: (firstRun: boolean, demoLoad: DemoLoadClaim | undefined) => Promise<T>,
  options?: {
    seedDatabase?: (url: string, options: { onlyIfEmpty: boolean }) => Promise<boolean>;
    demoLoads?: () => Promise<{
      resetInterruptedDemoLoad(url: string, log?: (line: string) => void): Promise<boolean>;
      claimDemoLoad(url: string): Promise<DemoLoadClaim | undefined>;
    }>;
    demo?: boolean;
    backup?: () => Promise<unknown>;
    log?: (line: string) => void;
  },
): Promise<T>;
export declare function backup(
  url: string,
  config: { uploadDir: string; backupDir: string; pgBinDir?: string; backupPassphrase?: string },
  log?: (line: string) => void,
): Promise<{ file: string; bytes: number; durationMs: number }>;
export declare function megabytes(bytes: number): string;
export declare function seconds(ms: number): string;
