/** WORKERS as a number: unset or empty → 1, `auto` → the machine's cores; throws on anything but a positive whole number. */
export declare function workerCount(raw?: string): number;
/** Why `count` workers cannot start with this environment, or undefined when they can. */
export declare function workersRefusal(count: number, env?: Record<string, string | undefined>): string | undefined;
/** Forks `count` workers with `env`; resolves once every one listens. */
export declare function startWorkers(count: number, env: Record<string, string | undefined>): Promise<{ stop(): Promise<void> }>;
export declare function isWorker(): boolean;
