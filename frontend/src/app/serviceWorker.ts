import { appMessages } from '@/app/messages';
import { withFeedback } from '@/shared/feedback';
import { translate } from '@/shared/i18n';

/** After "update complete" the system reloads this much later (seed: 更新版本完成，10S后刷新系统). */
export const RELOAD_DELAY_MS = 10_000;
/** A back-office tab stays open for days: ask the server for a new version this often, besides page loads. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface UpdateSteps {
  /** a new version was found and is downloading */
  downloading(): void;
  /** the new version is ready: the page reloads onto it after RELOAD_DELAY_MS */
  updated(): void;
  reload(): void;
}

/**
 * The update flow of the offline app mode: when the server has a new sw.js its worker installs beside the
 * running one ("new version downloading"); once installed, "update complete, reload in 10 s"; after 10 s
 * the new worker is told to take over and the page reloads onto the new version. The very first install in
 * a browser (no worker controls the page yet) is no update and says nothing.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer, steps: UpdateSteps): void {
  const takeOver = (worker: ServiceWorker) => {
    steps.updated();
    setTimeout(() => {
      container.addEventListener('controllerchange', () => steps.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    }, RELOAD_DELAY_MS);
  };

  // a version that finished downloading during an earlier visit and still waits
  if (registration.waiting && container.controller) takeOver(registration.waiting);

  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker || !container.controller) return;
    steps.downloading();
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') takeOver(worker);
    });
  });
}

/**
 * How long after the page has loaded the offline copy is fetched at the soonest. Installing the worker fetches
 * the whole client (some 200 files) into the cache: begun at the load event, it ran beside a sign-in or the
 * first list and, in a fresh browser on a 2-core machine, took the sign-in from 1.35 to 1.87 s and 1.6 s of the
 * browser's CPU. A person spends longer than this on the sign-in form, so the copy is made meanwhile.
 */
export const REGISTER_AFTER_LOAD_MS = 5_000;

type SettlingWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  document: Pick<Document, 'readyState'>;
  requestIdleCallback?: Window['requestIdleCallback'];
};

/** Runs `work` once the page has loaded, REGISTER_AFTER_LOAD_MS have passed and the browser is idle. */
export function whenSettled(work: () => void, win: SettlingWindow = window): void {
  // Safari has no idle callbacks: the delay alone
  const idle = () => (win.requestIdleCallback ? void win.requestIdleCallback(() => work(), { timeout: REGISTER_AFTER_LOAD_MS }) : work());
  const later = () => void win.setTimeout(idle, REGISTER_AFTER_LOAD_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/** Production builds only (sw.js is made by `vite build`); development and unit tests never register one. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  whenSettled(() => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        watchForUpdates(registration, container, {
          downloading: () => withFeedback(({ message }) => message.info(translate(appMessages, 'newVersionDownloading'))),
          updated: () => withFeedback(({ message }) => message.success(translate(appMessages, 'newVersionReady'), RELOAD_DELAY_MS / 1000)),
          reload: () => window.location.reload(),
        });
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      // without a worker the app still works, only not offline
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  });
}
