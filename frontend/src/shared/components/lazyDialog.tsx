import { useState, type ComponentType } from 'react';
import { loadedWhenShown, type Preloadable } from './loadedWhenShown';

/**
 * A dialog whose module (and the antd components it uses) loads when it first opens, not with the screen
 * that offers it (e2e/bundle-budget.e2e.ts). Nothing is rendered before that first opening; afterwards the
 * dialog stays mounted, so it closes with its animation and keeps its state as before.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): Preloadable<P> {
  const Dialog = loadedWhenShown(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened && !isOpen(props)) return null;
    return <Dialog {...props} />;
  }
  LazyDialog.preload = Dialog.preload;
  return LazyDialog;
}

/** The usual case: a dialog with an `open` prop. */
export function lazyOpenDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  return lazyDialog(load, (props) => props.open);
}
