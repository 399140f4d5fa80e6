import { HUB_EVENTS } from '@forwarder/domain';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { recheckRoute } from '@/app/guardedRoutes';
import { hub } from '@/shared/hub/hub';
import { namesUser, toNotice } from '@/app/hubPayload';
import { queryClient } from '@/app/queryClient';
import { appMessages } from '@/app/messages';
import type { RouteNode } from '@/shared/routing/routeTree';
import { replaceRoutes } from '@/shared/session/session';
import { signOut } from '@/app/signOut';
import { sessionStore } from '@/shared/session/store';
import { applyPushedCount } from '@/features/issue-board/pushes';
import { applyTaskCounts } from '@/features/orders/pushes';
import { useFeedback } from '@/shared/feedback';
import { useMessages } from '@/shared/i18n';

/** A kicked-out user reads why for this long before the sign-in page. */
const KICK_OUT_NOTICE_S = 6;

/** Opens the real-time connection for the signed-in user and reacts to what the server pushes. */
export function HubEvents() {
  const t = useMessages(appMessages);
  const { message, notification } = useFeedback();
  const navigate = useNavigate();

  const onKickOut = useEffectEvent((payload: unknown) => {
    const user = sessionStore.get();
    if (!namesUser(payload, user)) return;
    notification.warning({ title: user.username, description: t('kickedOut'), duration: KICK_OUT_NOTICE_S });
    message.loading(t('exiting'));
    // The server has already ended this session: a logout call would only be refused.
    void signOut(navigate, { notifyServer: false });
  });

  const onBrowserOut = useEffectEvent((payload: unknown) => {
    if (namesUser(payload, sessionStore.get())) window.location.replace('about:blank');
  });

  const onMenuRouter = useEffectEvent((tree: unknown) => {
    if (!Array.isArray(tree)) return;
    replaceRoutes(tree as RouteNode[]);
    // Re-run the guard: the page being shown may be gone from the new tree.
    recheckRoute();
  });

  const onMessage = useEffectEvent((payload: unknown) => {
    notification.info(toNotice(payload, t('newMessage')));
  });

  const onOrderIssues = useEffectEvent((count: unknown) => applyPushedCount(queryClient, count));
  const onOrderTasks = useEffectEvent((counts: unknown) => applyTaskCounts(queryClient, counts));

  useEffect(() => {
    const subscriptions = [
      hub.on(HUB_EVENTS.kickOut, (payload) => onKickOut(payload)),
      hub.on(HUB_EVENTS.browserOut, (payload) => onBrowserOut(payload)),
      hub.on(HUB_EVENTS.menuRouter, (tree) => onMenuRouter(tree)),
      hub.on(HUB_EVENTS.message, (payload) => onMessage(payload)),
      hub.on(HUB_EVENTS.orderIssues, (count) => onOrderIssues(count)),
      hub.on(HUB_EVENTS.orderTasks, (counts) => onOrderTasks(counts)),
    ];
    void hub.start();
    // The connection outlives this component (sign-out stops it after its last message); the handlers do not.
    return () => subscriptions.forEach((unsubscribe) => unsubscribe());
  }, []);

  return null;
}
