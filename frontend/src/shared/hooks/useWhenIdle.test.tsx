import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './useWhenIdle';

function Probe({ when, work }: { when: boolean; work: () => void }) {
  useWhenIdle(when, work);
  return null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('useWhenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the work once it is wanted, after the render, once however often it renders', async () => {
    const work = vi.fn();
    const { rerender } = render(<Probe when={false} work={work} />);
    await settle();
    expect(work).not.toHaveBeenCalled();
    rerender(<Probe when work={work} />);
    expect(work).not.toHaveBeenCalled();
    rerender(<Probe when work={() => work()} />);
    await settle();
    expect(work).toHaveBeenCalledOnce();
  });

  it('asks the browser for an idle moment where it has them, and cancels it when the component goes first', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const work = vi.fn();
    const { unmount } = render(<Probe when work={work} />);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1000 });
    unmount();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    expect(work).not.toHaveBeenCalled();
  });

  it('does not run work whose component went before the moment came', async () => {
    const work = vi.fn();
    const { unmount } = render(<Probe when work={work} />);
    unmount();
    await settle();
    expect(work).not.toHaveBeenCalled();
  });
});
