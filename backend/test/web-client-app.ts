import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './app.js';

/** A built web client stand-in: each file by its path in the client's folder (`index.html`, `assets/x.js` …) and its content. */
export type WebClientFiles = Record<string, string | Buffer>;

/**
 * The app of a describe block serving a built web client: in its beforeAll the files are written to a fresh
 * folder and the app started on it, in its afterAll the app is closed and the folder removed.
 * `const { t, web } = useWebClientApp(files)` — filled when the beforeAll has run; `web.dir` is the folder,
 * for a test that changes the build under the running server.
 */
export function useWebClientApp(files: WebClientFiles): { t: TestApp; web: { dir: string } } {
  const t = {} as TestApp;
  const web = { dir: '' };
  beforeAll(async () => {
    web.dir = mkdtempSync(path.join(tmpdir(), 'fwd-web-'));
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(web.dir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    Object.assign(t, await createTestApp({ webDir: web.dir }));
  });
  afterAll(async () => {
    await t.close?.();
    if (web.dir) rmSync(web.dir, { recursive: true, force: true });
  });
  return { t, web };
}
