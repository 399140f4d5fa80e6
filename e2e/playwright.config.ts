import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';

// E2E_WORKERS browsers at once (default one), each worker on a server and database of its own: the worker of
// parallel index i on port E2E_PORT + i. Playwright loads this file again in each worker, after setting
// TEST_PARALLEL_INDEX, so there `port`, the baseURL and E2E_SERVER_STATE are that worker's server's.
const firstPort = Number(process.env.E2E_PORT ?? 3999);
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// where e2e/server.mjs says which database and folders it serves, for tests that run the db:* commands on them
const firstState = (process.env.E2E_SERVER_STATE_FIRST ??= process.env.E2E_SERVER_STATE ?? path.join(tmpdir(), `fwd-e2e-server-${firstPort}.json`));
const stateOf = (serverPort: number) => (serverPort === firstPort ? firstState : firstState.replace(/(\.json)?$/, `-${serverPort}$1`));
process.env.E2E_SERVER_STATE = stateOf(port);

/**
 * With more than one worker, two files run after all the others, one at a time (projects of their own, each
 * depending on the one before): the one that starts a product of its own with two server processes
 * (workers.e2e.ts; in a full run with two workers under a load average of 30 its start outlived its 120 s
 * beside the other worker's browser), then the one that times the screens (interaction-timing.e2e.ts), whose
 * budgets hold for a browser that has the machine.
 * E2E_PART runs one side of that split alone (`npm test` does, scripts/test.mjs): `browser`, every other file;
 * `alone`, those two, one after the other, with the machine to themselves.
 */
const OWN_PRODUCT = /workers\.e2e\.ts$/;
const TIMED = /interaction-timing\.e2e\.ts$/;
const part = process.env.E2E_PART;
if (part !== undefined && part !== 'browser' && part !== 'alone') throw new Error(`E2E_PART is "browser", "alone" or unset, not "${part}"`);
const projects =
  workers > 1 || part
    ? [
        ...(part === 'alone' ? [] : [{ name: 'browser', testIgnore: [OWN_PRODUCT, TIMED] }]),
        ...(part === 'browser'
          ? []
          : [
              { name: 'own-product', testMatch: OWN_PRODUCT, dependencies: part ? [] : ['browser'] },
              { name: 'timed', testMatch: TIMED, dependencies: ['own-product'] },
            ]),
      ]
    : undefined;

/** Browser tests in Debian's Chromium against the built product on a throw-away database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  projects,
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
        // Chromium 156's headless windows each load the omnibox popup's WebUI in a renderer of its own (about a
        // tenth of the browser's CPU over a run; Puppeteer turns it off by default too). Chromium reads only the
        // last --disable-features, so Playwright 1.65's own list (chromiumSwitches.ts) is repeated before the two.
        '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
    screenshot: 'only-on-failure',
    // as a user who asked the system for less motion: antd's dialogs and dropdowns open at once (App.tsx), so
    // a click right after one opens lands on it (clicks during the opening zoom were lost on a busy machine)
    reducedMotion: 'reduce',
    // Every test is a fresh browser, where the service worker's install fetches the whole client into its cache
    // (some 200 files: 1.6 s of Chromium's CPU per browser on the 2-core machines, and its requests to the server)
    // while the test runs. The files that test the worker itself (offline.e2e.ts) and the policy it runs under
    // (security-headers.e2e.ts) allow it; the others run as a browser without service workers does.
    serviceWorkers: 'block',
  },
  webServer: Array.from({ length: workers }, (_, index) => firstPort + index).map((serverPort) => ({
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${serverPort}/api/v1/login/initialize`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(serverPort), E2E_SERVER_STATE: stateOf(serverPort) },
  })),
});
