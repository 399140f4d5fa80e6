import { HUB_CLOSE_REASONS, HUB_EVENTS } from '@forwarder/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createHubClient, type HubClient } from '@/shared/hub/hubClient';
import { portalApi } from '../api/portalApi';
import { ORDERS_KEY } from '../queryKeys';
import { endSession } from '../session';
import { liveStore } from './liveState';

/** The hub as the mini-program connects to it: the staff's online-customers list shows this connection. */
export const PORTAL_HUB_URL = '/chathub?client=miniprogram';

/** How often the connection's state is looked at for the account screen's indicator. */
const STATE_POLL_MS = 5_000;

/** The reason the server gave when it closed the connection (SignalR's error of a Close message), else null (a network drop). */
export function serverReason(error: Error): string | null {
  return /^Server returned an error on close: (.*)$/s.exec(error.message)?.[1] ?? null;
}

/**
 * While a customer is signed in, the portal holds a hub connection with a hub token of the portal's
 * (`portal/hub/token`). The staff forcing the session off or unbinding the account close it with their
 * reason (docs/portal.md, Live): the portal says so and signs out. A stage move of one of the customer's
 * orders (ReceiveOrderStage) refreshes the order list and the open detail.
 */
export function connectPortalHub(queryClient: QueryClient, createClient = createHubClient): () => void {
  let hubToken: string | null = null;
  let closed = false;
  const renewToken = async () => {
    hubToken = (await portalApi.hubToken()).token;
  };
  const client: HubClient = createClient({
    url: PORTAL_HUB_URL,
    getToken: () => hubToken,
    // a hub token is short-lived: one that no longer opens the hub is renewed, then the start is tried again
    onGiveUp: (retry) => {
      if (!closed) void renewToken().then(retry, () => undefined);
    },
    // 强制下线 and unbinding close the connection with their reason: the session is over, the portal says which
    onClosed: (error) => {
      const reason = serverReason(error);
      if (reason === null) return;
      closed = true;
      void client.stop();
      endSession((HUB_CLOSE_REASONS.wechatUnbound as readonly string[]).includes(reason) ? 'unbound' : 'forcedOff');
    },
  });
  // the list and every open detail are under ORDERS_KEY: all are fetched again (only what is shown at once)
  client.on(HUB_EVENTS.orderStage, () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }));
  const poll = setInterval(() => liveStore.set({ connected: client.connected }), STATE_POLL_MS);
  void renewToken()
    .then(() => (closed ? undefined : client.start()))
    .then(() => liveStore.set({ connected: client.connected }))
    .catch(() => undefined);
  return () => {
    closed = true;
    clearInterval(poll);
    liveStore.set({ connected: false });
    void client.stop();
  };
}

/** Holds the connection while the component (the signed-in layout) is shown. */
export function usePortalHub(queryClient: QueryClient): void {
  useEffect(() => connectPortalHub(queryClient), [queryClient]);
}
