import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** A component loaded when first shown, whose module a screen may also ask for ahead of that moment. */
export type Preloadable<P> = ComponentType<P> & {
  /** Starts loading the module (once) without showing anything, so that the first showing does not wait for it. */
  preload(): void;
};

/**
 * A component whose module loads when it is first rendered, not with the screen around it
 * (e2e/bundle-budget.e2e.ts): until it has arrived, what `fallback` makes of its props shows (nothing by
 * default).
 */
export function loadedWhenShown<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode = () => null,
): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => (loading ??= load());
  const Loaded = lazy(loadOnce);
  function LoadedWhenShown(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  // a failed load is not kept: the next showing (or preload) tries again
  LoadedWhenShown.preload = () => void loadOnce().catch(() => (loading = undefined));
  return LoadedWhenShown;
}
