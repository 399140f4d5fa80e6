import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose module loads when it is first rendered, not with the screen around it
 * (e2e/bundle-budget.e2e.ts): until it has arrived, what `fallback` makes of its props shows (nothing by
 * default).
 */
export function loadedWhenShown<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const Loaded = lazy(load);
  return function LoadedWhenShown(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
