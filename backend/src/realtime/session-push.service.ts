import { HUB_EVENTS, HUB_METHODS, type SessionEndPush } from '@forwarder/domain';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SessionEvents, type SessionEnded } from '../auth/session-events.js';
import { HubService } from '../hub/hub.service.js';
import { HubError } from '../hub/hub.types.js';
import { t } from '../common/messages.js';

/**
 * Carries session changes to the browsers over the hub. When a session is ended by something other
 * than its own logout (the account signed in elsewhere, was disabled, changed its password), every
 * connection of that session receives KickOutMessage naming the user and is then closed. A deleted
 * account's browsers receive BrowserOutMessage instead: the page is blanked, there is nothing to sign
 * back into.
 */
@Injectable()
export class SessionPushService implements OnModuleInit {
  constructor(
    private readonly events: SessionEvents,
    private readonly hub: HubService,
  ) {}

  onModuleInit() {
    this.events.onEnded((event) => void this.push(event));
    // The web client invokes this after signing out: its connections of that session are closed,
    // once the completion of this very call has gone out (closing first would fail the client's invoke).
    this.hub.registerMethod(HUB_METHODS.removeUsers, (ctx) => {
      setTimeout(() => void this.hub.closeSession(ctx.principal.sessionId), 50);
      return true;
    });
    // The web client invokes this after its user unbound the WeChat mini-program: the mini-program's
    // live connections of that user are closed (it has to sign in again, and can no longer).
    this.hub.registerMethod(HUB_METHODS.wechatUserExit, async (ctx, userId) => {
      if (Number(userId) !== ctx.principal.userId) throw new HubError(t('hubOnlyOwnMiniProgram'));
      const connections = (await this.hub.online()).filter((c) => c.userId === ctx.principal.userId && c.client === 'miniprogram');
      for (const { connectionId } of connections) await this.hub.closeConnection(connectionId, t('wechatUnbound'));
      return connections.length;
    });
  }

  private async push({ sessionId, userId, userName, reason }: SessionEnded) {
    if (reason === 'deleted') await this.hub.sendToSession(sessionId, HUB_EVENTS.browserOut, { userId, userName } satisfies SessionEndPush);
    else if (reason !== 'logout') await this.hub.sendToSession(sessionId, HUB_EVENTS.kickOut, { userId, userName, reason } satisfies SessionEndPush);
    await this.hub.closeSession(sessionId);
  }
}
