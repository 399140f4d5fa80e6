export declare const STAMP: string;
export declare function isCurrent(root: string, inputs: readonly string[], output: string): boolean;
export declare function buildAndStamp(root: string, inputs: readonly string[], output: string, build: () => void | Promise<void>): Promise<void>;
