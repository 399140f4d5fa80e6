import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component loaded when first shown, whose module a screen may also ask for ahead of that moment. */
export type Preloadable<P> = ComponentType<P> & {
  /** Starts loading the module (once) without showing anything, so that the first showing does not wait for it. */
  preload(): void;
};

/**
 * A component whose module loads when it is first rendered, not with the screen around it
 * (e2e/bundle-budget.e2e.ts): until it has arrived, what `fallback` makes of its props shows (nothing by
 * default). Once the module has arrived (preloaded, or shown before), a new showing renders it at once:
 * React.lazy would still suspend for a tick on a module it already has, and React holds back the reveal of
 * a suspended boundary for up to 300 ms (its fallback throttle), which was most of the time a preloaded
 * dialog took to open (e2e/interaction-timing.e2e.ts).
 */
export function loadedWhenShown<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode = () => null,
): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Loaded = lazy(loadOnce);
  function LoadedWhenShown(props: P) {
    // decided once per showing, so a component first rendered through Suspense is never remounted
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
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
