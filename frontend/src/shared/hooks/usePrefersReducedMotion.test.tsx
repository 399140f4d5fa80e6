import { render } from '@/test/render';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

/** A system setting the test can change: matchMedia answers it for the reduced-motion query and tells listeners. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)' && reduce,
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    set(value: boolean) {
      reduce = value;
      listeners.forEach((listener) => listener());
    },
    listeners,
    restore: () => (window.matchMedia = original),
  };
}

function Shown() {
  return <span data-testid="reduced">{String(usePrefersReducedMotion())}</span>;
}

describe('usePrefersReducedMotion', () => {
  let setting: ReturnType<typeof systemSetting> | undefined;
  afterEach(() => setting?.restore());

  it("follows the system's reduced-motion setting as it changes, and stops listening when gone", () => {
    setting = systemSetting(false);
    const { unmount } = render(<Shown />);
    expect(screen.getByTestId('reduced').textContent).toBe('false');
    act(() => setting!.set(true));
    expect(screen.getByTestId('reduced').textContent).toBe('true');
    act(() => setting!.set(false));
    expect(screen.getByTestId('reduced').textContent).toBe('false');
    unmount();
    expect(setting.listeners.size).toBe(0);
  });
});
