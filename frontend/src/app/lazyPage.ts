import { lazy, type ComponentType } from 'react';

/** A chunk that has not arrived after this long is reported as failed rather than spinning forever. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading the page timed out')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      return { default: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  });
}
