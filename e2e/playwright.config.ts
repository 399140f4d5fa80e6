import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3999);
// where e2e/server.mjs says which database and folders it serves, for tests that run the db:* commands on them
process.env.E2E_SERVER_STATE ??= path.join(tmpdir(), `fwd-e2e-server-${port}.json`);

/** Browser tests in Debian's Chromium against the built product on a throw-away database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    // as a user who asked the system for less motion: antd's dialogs and dropdowns open at once (App.tsx), so
    // a click right after one opens lands on it (clicks during the opening zoom were lost on a busy machine)
    reducedMotion: 'reduce',
  },
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/v1/login/initialize`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port), E2E_SERVER_STATE: process.env.E2E_SERVER_STATE },
  },
});
