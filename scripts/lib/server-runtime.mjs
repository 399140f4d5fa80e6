// How the server's process is started, wherever it is (npm start, the image's CMD, the benchmarks): the
// settings that must be given before the process starts, kept here and checked against package.json and
// the Dockerfile (backend/test/deploy-files.spec.ts). Measured by bench:orders at 1,000,000 orders
// (docs/orders.md, 27 November): the RSS at rest after the list load and the exports went from 275 / 294 MB
// to 208 / 243 MB, the throughput ratios unchanged.

/**
 * V8's young generation at 16 MB per semi-space, stated (V8's own default for this heap): a request's garbage is
 * collected a quarter as often as with 4 MB (7–22 % less CPU per call in bench:orders, docs/performance.md), and `--expose-gc`
 * lets the server give the 32 MB a load commits back once it is idle (backend/src/operations/memory/idle-trim.ts),
 * which V8 by itself does 20–30 s or more later: the memory at rest is what it was with 4 MB semi-spaces. Read
 * when V8 sets its heap up, so command-line flags (setFlagsFromString comes too late). Cluster workers inherit them.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--expose-gc'];

/** Two glibc malloc arenas instead of eight per core: read by glibc when the process starts. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
