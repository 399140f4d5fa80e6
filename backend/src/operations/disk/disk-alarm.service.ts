import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { textParagraphs } from '../../admin/notice/notice-content.js';
import { NoticeService } from '../../admin/notice/notice.service.js';
import { AuditService } from '../../audit/audit.service.js';
import { RATE_STORE, type RateStore } from '../../auth/rate-store.js';
import type { DiskFullAlarm } from '../../common/disk-full.js';
import { t } from '../../common/messages.js';
import { urlPath } from '../../common/url-path.js';
import { PrismaService } from '../../prisma/prisma.service.js';

/** A full disk tells the administrators at most this often, across every instance (the rate store is shared through Redis). */
export const DISK_FULL_NOTICE_MS = 60 * 60 * 1000;
const NOTICE_KEY = 'disk-full:notice';

/**
 * Tells the administrators (super administrators and those who may change the system parameters) with a
 * notice that the disk is full. A full disk fails every upload and write until someone frees space, so
 * the first failure of the hour sends one notice and the rest only reach the exception log.
 */
@Injectable()
export class DiskAlarm implements DiskFullAlarm {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly modules: ModuleRef,
    @Inject(RATE_STORE) private readonly rates: RateStore,
  ) {}

  raise(error: Error, route: string): void {
    this.notify(error, route).catch((failure: Error) =>
      this.audit.recordError({ message: `Disk full notice not sent: ${failure.message}`, stack: failure.stack }),
    );
  }

  /** Resolves once the notice is published, or at once when one was sent within the hour. */
  async notify(error: Error, route: string): Promise<void> {
    if ((await this.rates.hit(NOTICE_KEY, DISK_FULL_NOTICE_MS)) !== 1) return;
    const admins = await this.prisma.db.user.findMany({
      where: {
        deletedAt: null,
        enabled: true,
        OR: [{ isSuperAdmin: true }, { roles: { some: { role: { permissions: { some: { permissionCode: 'deploy:modify' } } } } } }],
      },
      select: { id: true },
    });
    if (!admins.length) return;
    const params = { code: (error as { code?: string }).code ?? 'ENOSPC', route: urlPath(route) };
    const both = (key: 'diskFullNoticeTitle' | 'diskFullNoticeContent') => [t(key, params, 'zh'), t(key, params, 'en')];
    const [titleZh, titleEn] = both('diskFullNoticeTitle');
    const content = textParagraphs(both('diskFullNoticeContent'));
    // Looked up when needed, as the account-lock notice does: the notices reach the hub, which needs the sign-in services.
    const notices = this.modules.get(NoticeService, { strict: false });
    // written by the system: no staff member is its author (0 names nobody)
    const notice = await notices.add(
      { title: `${titleZh} / ${titleEn}`.slice(0, 200), content, audience: 'users', roleIds: [], userIds: admins.map((a) => a.id) },
      0,
    );
    await notices.publish(notice.id);
  }
}
