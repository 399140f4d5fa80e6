// How the server's process is started, wherever it is (npm start, the image's CMD, the benchmarks): the
// settings that must be given before the process starts, kept here and checked against package.json and
// the Dockerfile (backend/test/deploy-files.spec.ts). Measured by bench:orders at 1,000,000 orders
// (docs/orders.md, 27 November): the RSS at rest after the list load and the exports went from 275 / 294 MB
// to 208 / 243 MB, the throughput ratios unchanged.

/**
 * V8's young generation at most 4 MB per semi-space (16 MB by default): a request's garbage is short-lived,
 * and the space a load made the heap commit is not kept afterwards (read when V8 sets its heap up, so a
 * command-line flag: setFlagsFromString comes too late). Cluster workers inherit it.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** Two glibc malloc arenas instead of eight per core: read by glibc when the process starts. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
