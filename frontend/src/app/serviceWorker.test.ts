import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_AFTER_LOAD_MS, RELOAD_DELAY_MS, watchForUpdates, whenSettled } from './serviceWorker';

/** A worker going through its states, remembering what the page told it. */
class FakeWorker extends EventTarget {
  state = 'installing';
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** the server has a new sw.js: the browser installs it beside the running one */
  findUpdate(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
}

function watch(registration: FakeRegistration, container: FakeContainer) {
  const steps = { downloading: vi.fn(), updated: vi.fn(), reload: vi.fn() };
  watchForUpdates(registration as unknown as ServiceWorkerRegistration, container as unknown as ServiceWorkerContainer, steps);
  return steps;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker update flow', () => {
  it("says 'new version downloading' when an update is found, then 更新版本完成，10S后刷新系统, and reloads after 10 s", () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer({});
    const steps = watch(registration, container);

    const worker = registration.findUpdate();
    expect(steps.downloading).toHaveBeenCalledOnce();
    expect(steps.updated).not.toHaveBeenCalled();

    worker.become('installed');
    expect(steps.updated).toHaveBeenCalledOnce();

    vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
    expect(worker.posted).toEqual([]);
    expect(steps.reload).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    // the new version takes over; the page reloads onto it
    expect(worker.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(steps.reload).toHaveBeenCalledOnce();
    expect(RELOAD_DELAY_MS).toBe(10_000);
  });

  it('says nothing on the first install in a browser, which is no update', () => {
    const registration = new FakeRegistration();
    const steps = watch(registration, new FakeContainer(null));
    registration.findUpdate().become('installed');
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(steps.downloading).not.toHaveBeenCalled();
    expect(steps.updated).not.toHaveBeenCalled();
  });

  it('finishes an update that was downloaded in an earlier visit and still waits', () => {
    const registration = new FakeRegistration();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    registration.waiting = waiting;
    const container = new FakeContainer({});
    const steps = watch(registration, container);
    expect(steps.updated).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.dispatchEvent(new Event('controllerchange'));
    expect(steps.reload).toHaveBeenCalledOnce();
  });

  it('leaves the page alone when the new version fails to install', () => {
    const registration = new FakeRegistration();
    const steps = watch(registration, new FakeContainer({}));
    registration.findUpdate().become('redundant');
    vi.advanceTimersByTime(RELOAD_DELAY_MS);
    expect(steps.updated).not.toHaveBeenCalled();
    expect(steps.reload).not.toHaveBeenCalled();
  });
});

describe('when the offline copy is fetched', () => {
  /** A page still loading, with idle callbacks run when the test says the browser is idle. */
  function loadingPage(withIdleCallbacks = true) {
    const page = new EventTarget();
    const idle: (() => void)[] = [];
    const win = {
      document: { readyState: 'loading' as DocumentReadyState },
      addEventListener: page.addEventListener.bind(page),
      setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
      requestIdleCallback: withIdleCallbacks ? (callback: () => void) => idle.push(callback) : undefined,
    };
    const loaded = () => {
      win.document.readyState = 'complete';
      page.dispatchEvent(new Event('load'));
    };
    const browserIdle = () => idle.splice(0).forEach((callback) => callback());
    return { win: win as unknown as Parameters<typeof whenSettled>[1], loaded, browserIdle };
  }

  it('not while the first screen loads: REGISTER_AFTER_LOAD_MS after the load event, once the browser is idle', () => {
    const { win, loaded, browserIdle } = loadingPage();
    const register = vi.fn();
    whenSettled(register, win);
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS * 2);
    browserIdle();
    expect(register).not.toHaveBeenCalled();
    loaded();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS - 1);
    browserIdle();
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).not.toHaveBeenCalled();
    browserIdle();
    expect(register).toHaveBeenCalledOnce();
  });

  it('after the delay alone in a browser without idle callbacks, and from a page already loaded', () => {
    const { win, loaded } = loadingPage(false);
    loaded();
    const register = vi.fn();
    whenSettled(register, win);
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    expect(register).toHaveBeenCalledOnce();
  });
});
