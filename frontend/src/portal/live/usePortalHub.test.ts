import { HUB_CLOSE_REASONS, HUB_EVENTS } from '@forwarder/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubClient, HubClientOptions } from '@/shared/hub/hubClient';
import { mockApi } from '@/test/render';
import { endSession, getPortalToken, getSessionEnd, startSession } from '../session';
import { connectPortalHub, PORTAL_HUB_URL } from './usePortalHub';

/** A hub client that records how it was made and lets the test push events. */
function fakeHub() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const made: { options?: HubClientOptions } = {};
  const client: HubClient = {
    start: vi.fn(async () => undefined),
    stop: vi.fn(async () => undefined),
    on: (event, handler) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
    invoke: vi.fn(),
    connected: true,
  };
  const create = (options: HubClientOptions) => {
    made.options = options;
    return client;
  };
  return { create, client, made, push: (event: string, ...args: unknown[]) => handlers.get(event)?.(...args) };
}

describe('the portal hub connection', () => {
  beforeEach(() => {
    startSession('portal-token');
    mockApi({ '/portal/hub/token': () => ({ token: 'hub-token-1', expiresIn: 60 }) });
  });
  afterEach(() => endSession('signedOut'));

  it('connects as the mini-program does, with the hub token of portal/hub/token', async () => {
    const hub = fakeHub();
    const close = connectPortalHub(new QueryClient(), hub.create);
    await vi.waitFor(() => expect(hub.client.start).toHaveBeenCalled());
    expect(hub.made.options?.url).toBe(PORTAL_HUB_URL);
    expect(PORTAL_HUB_URL).toContain('client=miniprogram');
    expect(hub.made.options?.getToken()).toBe('hub-token-1');
    close();
    expect(hub.client.stop).toHaveBeenCalled();
  });

  it('signs out and says the staff ended the session when the hub is closed with 强制下线, in either language', async () => {
    for (const reason of HUB_CLOSE_REASONS.customerForcedOffline) {
      startSession('portal-token');
      const hub = fakeHub();
      connectPortalHub(new QueryClient(), hub.create);
      await vi.waitFor(() => expect(hub.client.start).toHaveBeenCalled());
      hub.made.options?.onClosed?.(new Error(`Server returned an error on close: ${reason}`));
      expect(getPortalToken()).toBeNull();
      expect(localStorage.getItem('portal.token')).toBeNull();
      expect(getSessionEnd()).toBe('forcedOff');
      expect(hub.client.stop).toHaveBeenCalled();
    }
  });

  it('stays signed in when the connection drops for the network (it reconnects)', async () => {
    const hub = fakeHub();
    connectPortalHub(new QueryClient(), hub.create);
    await vi.waitFor(() => expect(hub.client.start).toHaveBeenCalled());
    hub.made.options?.onClosed?.(new Error('WebSocket closed with status code: 1006 ().'));
    expect(getPortalToken()).toBe('portal-token');
    expect(hub.client.stop).not.toHaveBeenCalled();
  });

  it('says the account was unbound when the hub is closed for that', async () => {
    const hub = fakeHub();
    connectPortalHub(new QueryClient(), hub.create);
    await vi.waitFor(() => expect(hub.client.start).toHaveBeenCalled());
    hub.made.options?.onClosed?.(new Error(`Server returned an error on close: ${HUB_CLOSE_REASONS.wechatUnbound[1]}`));
    expect(getPortalToken()).toBeNull();
    expect(getSessionEnd()).toBe('unbound');
  });

  it("refreshes the open order list and detail when one of the customer's orders moves", async () => {
    const hub = fakeHub();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    connectPortalHub(queryClient, hub.create);
    await vi.waitFor(() => expect(hub.client.start).toHaveBeenCalled());
    hub.push(HUB_EVENTS.orderStage, { line: 'smallbag', id: 3, orderNo: 'SB3', stage: 'sailed' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['portal', 'orders'] });
  });
});
