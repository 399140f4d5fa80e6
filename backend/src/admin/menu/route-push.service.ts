import { HUB_EVENTS } from '@forwarder/domain';
import { Injectable, Logger } from '@nestjs/common';
import { GrantsService, type Grants } from '../../auth/grants.service.js';
import { HubService } from '../../hub/hub.service.js';
import { RoutesService } from './routes.service.js';

const logger = new Logger('RoutePush');

/**
 * Sends online users their new route tree (hub event ReceiveMenuRouter; the web client replaces its
 * routes and sidebar with it) after their menus or grants changed. A failed push is logged, never
 * thrown: the change it follows is already saved, and the client reloads its tree on the next sign-in.
 */
@Injectable()
export class RoutePushService {
  constructor(
    private readonly routes: RoutesService,
    private readonly grants: GrantsService,
    private readonly hub: HubService,
  ) {}

  /** Pushes to those of `userIds` who are online, with their grants read afresh (their roles may just have changed). */
  async pushRoutesTo(userIds: Iterable<number>): Promise<void> {
    const wanted = new Set(userIds);
    if (!wanted.size) return;
    await this.push((online) => online.filter((userId) => wanted.has(userId)));
  }

  /** Pushes to every online user (a menu changed: any tree may differ). */
  async pushRoutesToOnline(): Promise<void> {
    await this.push((online) => online);
  }

  private async push(pick: (onlineUserIds: number[]) => number[]): Promise<void> {
    try {
      const online = [...new Set((await this.hub.online()).map((connection) => connection.userId))];
      const viewers = new Map<number, Grants>();
      for (const userId of pick(online)) {
        this.grants.invalidate(userId);
        const grants = await this.grants.forUser(userId);
        if (grants?.enabled) viewers.set(userId, grants);
      }
      const trees = await this.routes.routesForUsers(viewers);
      await Promise.all([...trees].map(([userId, tree]) => this.hub.sendToUser(userId, HUB_EVENTS.menuRouter, tree)));
    } catch (error) {
      logger.warn(`route trees not pushed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
