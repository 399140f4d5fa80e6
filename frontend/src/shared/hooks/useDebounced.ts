import { useEffect, useState } from 'react';

const DEFAULT_DELAY_MS = 300;

/** The value once it has stopped changing for `delay` ms: remote searches wait for typing to pause. */
export function useDebounced<T>(value: T, delay = DEFAULT_DELAY_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
