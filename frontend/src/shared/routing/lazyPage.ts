import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A chunk that has not arrived after this long is reported as failed rather than spinning forever. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page loaded when first rendered, whose chunk can also be asked for ahead of that (`preload`). */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the chunk now; a failure is left to the render, which shows it with a retry. */
  preload: () => void;
};

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  const page = lazy(async () => {
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
  // the module loader keeps the module: the render's own load() finds it arrived or on its way
  return Object.assign(page, { preload: () => void load().catch(() => undefined) });
}

/**
 * Asks for the data a page's screen shows first while the page's code is still on its way (`path` and `search`
 * of the route), into the client the screen then reads; it loads its own code, away from the first screens'.
 */
export type PagePrefetch = (client: QueryClient, path: string, search: string) => void;

/** What an area's `import.meta.glob` of its page files gives: each file's loader, by its path. */
export type PageFiles = Record<string, () => Promise<unknown>>;

/**
 * An area's pages by the route `component` key the server sends, each from its page file (`./staff/StaffListPage`,
 * without `.tsx`) among the area's globbed `files`. Every file stays a chunk of its own, loaded when first shown;
 * its page is the export named as the file.
 */
export function lazyPages(files: PageFiles, pages: Record<string, string>): Record<string, LazyPage> {
  return Object.fromEntries(
    Object.entries(pages).map(([key, file]) => {
      const load = files[`${file}.tsx`];
      if (!load) throw new Error(`The page of ${key}, ${file}.tsx, is not among the area's page files`);
      const name = file.slice(file.lastIndexOf('/') + 1);
      return [key, lazyPage(load, (module) => (module as Record<string, ComponentType>)[name])];
    }),
  );
}
