import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SessionEvents, type SessionEnded } from '../auth/session-events.js';
import { HubService } from '../hub/hub.service.js';

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
    this.hub.registerMethod('SendRemoveUsers', (ctx) => {
      setTimeout(() => void this.hub.closeSession(ctx.principal.sessionId), 50);
      return true;
    });
  }

  private async push({ sessionId, userId, userName, reason }: SessionEnded) {
    if (reason === 'deleted') await this.hub.sendToSession(sessionId, 'BrowserOutMessage', { userId, userName });
    else if (reason !== 'logout') await this.hub.sendToSession(sessionId, 'KickOutMessage', { userId, userName, reason });
    await this.hub.closeSession(sessionId);
  }
}
