import { createStore, useStore } from '@/shared/store/createStore';

export interface ErrorLogEntry {
  id: number;
  /** Route URL (path and query) the user was on when the error happened. */
  url: string;
  message: string;
  stack?: string;
}

/** Enough to diagnose a session; an endless loop of failures must not grow memory without bound. */
const MAX_ENTRIES = 100;

const errorLogStore = createStore<{ entries: ErrorLogEntry[] }>({ entries: [] });
let nextId = 1;

export function logError(error: { message: string; stack?: string }): void {
  const entry: ErrorLogEntry = {
    id: nextId++,
    url: window.location.pathname + window.location.search,
    message: error.message,
    stack: error.stack,
  };
  errorLogStore.set((state) => ({ entries: [entry, ...state.entries].slice(0, MAX_ENTRIES) }));
}

export function clearErrorLog(): void {
  errorLogStore.set({ entries: [] });
}

export function useErrorLog(): ErrorLogEntry[] {
  return useStore(errorLogStore, (state) => state.entries);
}

/** Sends uncaught errors and unhandled promise rejections to the error log. */
export function captureGlobalErrors(): void {
  window.addEventListener('error', (event) => {
    logError(event.error instanceof Error ? event.error : { message: event.message });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    logError(reason instanceof Error ? reason : { message: String(reason) });
  });
}
