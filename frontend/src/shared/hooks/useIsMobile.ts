import { useSyncExternalStore } from 'react';

/** Below this width the back office is not usable; the layout shows a notice instead. */
export const MOBILE_MAX_WIDTH = 1000;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < MOBILE_MAX_WIDTH);
}
