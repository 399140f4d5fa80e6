import { useEffect } from 'react';
import { createStore, useStore } from '@/shared/store/createStore';
import { fetchLoginSettings, type LoginSettings } from './api';

/**
 * What `GET /login/initialize` answered (product title and logo, the public key, the password rules), for
 * the sign-in page, the status pages and the signed-in layout. A store rather than a query: the sign-in
 * page does without react-query, 11 KB gzipped before its form would work (e2e/bundle-budget.e2e.ts).
 */
const settingsStore = createStore<{ settings: LoginSettings | null }>({ settings: null });

let loading: Promise<LoginSettings> | null = null;

/** The settings held, or asked for (again with `fresh`: a new public key); calls made meanwhile share the answer. */
export function loadLoginSettings({ fresh = false }: { fresh?: boolean } = {}): Promise<LoginSettings> {
  const held = settingsStore.get().settings;
  if (held && !fresh) return Promise.resolve(held);
  loading ??= fetchLoginSettings()
    .then((settings) => {
      settingsStore.set({ settings });
      return settings;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * The settings, null until they have arrived: asked for on first use, or on every mount with `fresh` (the
 * sign-in page, for the public key the server holds now). A failure the request client has reported leaves null.
 */
export function useLoginSettings({ fresh = false }: { fresh?: boolean } = {}): LoginSettings | null {
  const settings = useStore(settingsStore, (state) => state.settings);
  useEffect(() => {
    if (fresh || !settingsStore.get().settings) loadLoginSettings({ fresh }).catch(() => undefined);
  }, [fresh]);
  return settings;
}
