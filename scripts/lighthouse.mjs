#!/usr/bin/env node
// `npm run lighthouse -- [--url http://127.0.0.1:3000] [--account admin] [--password admin123] [--runs 3] [--save dir]`
// Lighthouse (desktop preset, performance only) on a running product: the sign-in page, then the workbench
// signed in as the account. Starts nothing but a headless Chromium (CHROME_PATH, else /usr/bin/chromium):
// start the product first (npm start). Prints each page's score (the median of the runs), its first and
// largest contentful paint, total blocking time and main-thread work.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    account: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin123' },
    runs: { type: 'string', default: '3' },
    // a folder to keep each run's full report in (JSON, for the Lighthouse viewer), else none kept
    save: { type: 'string' },
  },
});
const base = values.url.replace(/\/+$/, '');
const runs = Math.max(1, Number(values.runs) || 1);

/** A free TCP port for Chromium's remote debugging, which Lighthouse connects to. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One Lighthouse run of `url` in the browser behind `port`: the figures printed. */
async function audit(url, port, keepStorage) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    desktopConfig,
  );
  const { categories, audits } = result.lhr;
  if (values.save) {
    mkdirSync(values.save, { recursive: true });
    writeFileSync(path.join(values.save, `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`), result.report);
  }
  const ms = (id) => Math.round(audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    mainThread: ms('mainthread-work-breakdown'),
    bytes: ms('total-byte-weight'),
  };
}

function median(results) {
  const sorted = [...results].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)];
}

function print(name, results) {
  const m = median(results);
  console.log(
    `${name.padEnd(10)} performance ${m.score} (runs: ${results.map((r) => r.score).join(', ')})  FCP ${m.fcp} ms  LCP ${m.lcp} ms  TBT ${m.tbt} ms  main thread ${m.mainThread} ms  ${Math.round(m.bytes / 1024)} KB transferred`,
  );
}

const port = await freePort();
const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
// the default browser context (a persistent one), so the page Lighthouse opens shares the sign-in's storage
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, '--no-first-run', '--disable-background-networking'],
});
try {
  const login = [];
  for (let i = 0; i < runs; i += 1) login.push(await audit(`${base}/login`, port, false));
  print('/login', login);

  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/login`);
  await page.getByTestId('login-account').fill(values.account);
  await page.getByTestId('login-password').fill(values.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/index');
  // Lighthouse keeps the storage (the session) for this page, so the cold start is made by hand: no HTTP
  // cache and no offline-mode worker (whose precache would serve the scripts) before each run
  const cdp = await browser.newCDPSession(page);
  const workbench = [];
  for (let i = 0; i < runs; i += 1) {
    await page.evaluate(async () => {
      for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? []) await registration.unregister();
    });
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'cache_storage,service_workers' });
    workbench.push(await audit(`${base}/index`, port, true));
  }
  print('/index', workbench);
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
