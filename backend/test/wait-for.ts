// Waiting for something the code under test does by itself (a background write, a push, a scheduled job).
import { setTimeout as realDelay } from 'node:timers/promises';

/** How often `waitFor` asks again. */
const POLL_MS = 25;

/**
 * Resolves once `condition` holds, asking every POLL_MS; fails naming `what` after `timeoutMs` of waiting.
 * It waits on real timers and counts its own waits instead of reading a clock, so it also works in tests
 * whose clock and timers jest fakes (the daily jobs' tests).
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  for (let waited = 0; !(await condition()); waited += POLL_MS) {
    if (waited >= timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await realDelay(POLL_MS);
  }
}
