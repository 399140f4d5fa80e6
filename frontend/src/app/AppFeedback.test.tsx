import { render } from '@/test/render';
import { screen } from '@testing-library/react';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppFeedback, deferredToasts } from './AppFeedback';
import { useFeedback } from '@/shared/feedback';

/**
 * antd's APIs as spies that log their calls: each message answers a handle that records its closing and
 * settles when told.
 */
function loadedToasts() {
  const calls: string[] = [];
  const closes: Array<ReturnType<typeof vi.fn>> = [];
  const finish: Array<(done: boolean) => void> = [];
  const handle = (kind: string) => () => {
    calls.push(kind);
    const close = vi.fn();
    closes.push(close);
    const gone = new Promise<boolean>((resolve) => finish.push(resolve));
    return Object.assign(close, { then: gone.then.bind(gone) }) as unknown as MessageType;
  };
  const log = (kind: string) => () => void calls.push(kind);
  const message = {
    info: vi.fn(handle('message.info')),
    success: vi.fn(handle('message.success')),
    error: vi.fn(handle('message.error')),
    warning: vi.fn(handle('message.warning')),
    loading: vi.fn(handle('message.loading')),
    open: vi.fn(handle('message.open')),
    destroy: vi.fn(log('message.destroy')),
  } satisfies MessageInstance;
  const notification = {
    success: vi.fn(log('notification.success')),
    error: vi.fn(log('notification.error')),
    info: vi.fn(log('notification.info')),
    warning: vi.fn(log('notification.warning')),
    open: vi.fn(log('notification.open')),
    destroy: vi.fn(log('notification.destroy')),
  } satisfies NotificationInstance;
  return { api: { message, notification }, calls, closes, finish };
}

describe('the toasts loaded on first use', () => {
  it('asks for its code on the first call and shows the calls made meanwhile, in their order', () => {
    const request = vi.fn();
    const toasts = deferredToasts(request);
    toasts.api.message.error('failed', 3);
    expect(request).toHaveBeenCalled();
    toasts.api.notification.success({ title: 'welcome' });
    toasts.api.message.destroy('upload');

    const loaded = loadedToasts();
    toasts.ready(loaded.api);

    expect(loaded.calls).toEqual(['message.error', 'notification.success', 'message.destroy']);
    expect(loaded.api.message.error).toHaveBeenCalledWith('failed', 3);
    expect(loaded.api.notification.success).toHaveBeenCalledWith({ title: 'welcome' });
    expect(loaded.api.message.destroy).toHaveBeenCalledWith('upload');

    // once loaded, calls go straight through
    toasts.api.notification.error({ title: 'again' });
    expect(loaded.api.notification.error).toHaveBeenCalledWith({ title: 'again' });
  });

  it('never shows a message closed before the code arrived, and settles its handle', async () => {
    const toasts = deferredToasts(() => undefined);
    const close = toasts.api.message.loading('saving', 0);
    const closed = vi.fn();
    void close.then(closed);
    close();
    const loaded = loadedToasts();
    toasts.ready(loaded.api);
    expect(loaded.api.message.loading).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith(true));
  });

  it("closes a message shown late through its first handle, and settles that handle with antd's", async () => {
    const toasts = deferredToasts(() => undefined);
    const close = toasts.api.message.loading('saving', 0);
    const settled = vi.fn();
    void close.then(settled);
    const loaded = loadedToasts();
    toasts.ready(loaded.api);
    expect(loaded.api.message.loading).toHaveBeenCalledWith('saving', 0);
    close();
    expect(loaded.closes[0]).toHaveBeenCalled();
    loaded.finish[0](true);
    await vi.waitFor(() => expect(settled).toHaveBeenCalledWith(true));
  });

  it('renders a message asked for before antd’s message code had loaded', async () => {
    function Toast() {
      const { message } = useFeedback();
      useEffect(() => {
        void message.success('saved');
      }, [message]);
      return null;
    }
    render(
      <AppFeedback>
        <Toast />
      </AppFeedback>,
    );
    expect((await screen.findByText('saved')).textContent).toBe('saved');
  });
});
