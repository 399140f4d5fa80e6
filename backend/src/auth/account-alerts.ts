import { Injectable } from '@nestjs/common';
import type { MessageKey } from '../common/messages.js';

/**
 * Something the staff who can lift a lock must hear of (an account locked, an account under attack): the
 * message's title and content keys with their parameters, and the staff to tell.
 */
export interface AccountAlert {
  titleKey: MessageKey;
  contentKey: MessageKey;
  params: Record<string, string | number>;
  userIds: number[];
}

export type AccountAlertListener = (alert: AccountAlert) => Promise<void>;

/**
 * Tells other modules of sign-in alerts, without the auth module knowing them: the announcements
 * (admin/notice) listen and send each alert to its staff. `emit` settles when every listener has, and
 * fails when one fails, so the caller can record an alert that was not sent.
 */
@Injectable()
export class AccountAlerts {
  private readonly listeners = new Set<AccountAlertListener>();

  onAlert(listener: AccountAlertListener): void {
    this.listeners.add(listener);
  }

  async emit(alert: AccountAlert): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener(alert)));
  }
}
