import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountAlerts, type AccountAlert } from '../../auth/account-alerts.js';
import { t, type MessageKey } from '../../common/messages.js';
import { NoticeService } from './notice.service.js';

/** Sends each sign-in alert (auth/account-alerts.ts) as an announcement, in both languages, to the staff it names. */
@Injectable()
export class AccountAlertNotices implements OnModuleInit {
  constructor(
    private readonly alerts: AccountAlerts,
    private readonly notices: NoticeService,
  ) {}

  onModuleInit(): void {
    this.alerts.onAlert((alert) => this.send(alert));
  }

  private async send({ titleKey, contentKey, params, userIds }: AccountAlert): Promise<void> {
    const both = (key: MessageKey) => [t(key, params, 'zh'), t(key, params, 'en')];
    const [titleZh, titleEn] = both(titleKey);
    const content = both(contentKey)
      .map((text) => `<p>${escapeHtml(text)}</p>`)
      .join('');
    // Written by the system: no staff member is its author (0 names nobody).
    const notice = await this.notices.add({ title: `${titleZh} / ${titleEn}`.slice(0, 200), content, audience: 'users', roleIds: [], userIds }, 0);
    await this.notices.publish(notice.id);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
