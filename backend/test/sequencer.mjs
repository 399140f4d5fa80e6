// The order the two jest workers take the suites in: the longest first, on a fresh machine too. Jest orders by the
// durations it remembered from the last run (its cache in the system's temporary folder, per checkout path), and
// without them by file size, which put short files that run long — the three instances' `npm start` (80–113 s of
// wall in the clean-clone runs of 30 Nov 2026), the spreadsheet bombs — after a hundred others, in a worker whose
// heap the earlier suites had grown (the bombs' suite took 9 to 81 s by where it fell). Plain JavaScript: jest
// loads it outside its TypeScript pipeline.
import TestSequencer from '@jest/test-sequencer';
import path from 'node:path';

/** The suites that run longest (clean-clone runs of 30 Nov 2026, seconds of wall beside the browser suite), longest first. */
const LONGEST = [
  'test/demo-business.spec.ts', // 90–134
  'test/instances-start.spec.ts', // 80–113
  'test/acknowledged-writes.spec.ts', // 51–55
  'test/fuzz.spec.ts', // 34–54
  'test/supervisor.spec.ts', // 32–44
  'src/common/xlsx.spec.ts', // 9–81
  'test/import-limits.spec.ts', // 26–39
  'test/startup.spec.ts', // 24–38
  'test/no-known-passwords.spec.ts', // 18–33
  'test/hub.conformance.spec.ts', // 28–32
];

const backend = path.resolve(import.meta.dirname, '..');
const Base = TestSequencer.default ?? TestSequencer;

export default class LongestFirst extends Base {
  /** Jest's own order (a suite that failed last time first, then by remembered duration or size), the longest suites moved to the front. */
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (test) => LONGEST.indexOf(path.relative(backend, test.path).split(path.sep).join('/'));
    const longest = sorted.filter((test) => rank(test) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...longest, ...sorted.filter((test) => rank(test) < 0)];
  }
}
