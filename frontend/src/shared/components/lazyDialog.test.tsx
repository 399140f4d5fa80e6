import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyOpenDialog } from './lazyDialog';

function Dialog({ open }: { open: boolean }) {
  return open ? <div data-testid="dialog">the dialog</div> : null;
}

describe('a lazily loaded dialog', () => {
  it('loads its module once when preloaded, and opens from it without loading again', async () => {
    const load = vi.fn(async () => Dialog);
    const LazyDialog = lazyOpenDialog(load);
    render(<LazyDialog open={false} />);
    expect(load).not.toHaveBeenCalled();
    LazyDialog.preload();
    LazyDialog.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<LazyDialog open />);
    expect(await screen.findByTestId('dialog')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens at once, without suspending, once its module has arrived', async () => {
    const LazyDialog = lazyOpenDialog(async () => Dialog);
    LazyDialog.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<LazyDialog open />);
    // in the first commit: no Suspense fallback and no wait for React's reveal of a suspended boundary
    expect(screen.getByTestId('dialog')).toBeTruthy();
  });

  it('tries again on opening when the preload failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Dialog);
    const LazyDialog = lazyOpenDialog(load);
    LazyDialog.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<LazyDialog open />);
    expect(await screen.findByTestId('dialog')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
