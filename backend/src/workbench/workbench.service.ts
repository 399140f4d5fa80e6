import { Injectable } from '@nestjs/common';
import { NoticeService } from '../admin/notice/notice.service.js';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { HubService } from '../hub/hub.service.js';
import { PrismaService } from '../prisma/prisma.service.js';

export interface WorkbenchSummary {
  userId: number;
  account: string;
  fullName: string;
  roles: { code: string; name: string; nameEn: string | null }[];
  /** Published notices for the user's audience not read yet (index:notice). */
  unreadNotices?: number;
  /** Staff with at least one live hub connection, on any process (index:online). */
  onlineStaff?: number;
}

/** The same check as the access guard: super administrators hold every code. */
/** The home page (/index): who the user is, and the widgets their permission codes show. */
@Injectable()
export class WorkbenchService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly notices: NoticeService,
    private readonly hub: HubService,
  ) {}

  async summary(user: Principal): Promise<WorkbenchSummary> {
    const [roles, unreadNotices, onlineStaff] = await Promise.all([
      this.prisma.db.role.findMany({ where: { code: { in: user.roleCodes } }, select: { code: true, name: true, nameEn: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
      holdsAny(user, ['index:notice']) ? this.notices.unreadCount(user.userId) : undefined,
      holdsAny(user, ['index:online']) ? this.onlineStaff() : undefined,
    ]);
    return { userId: user.userId, account: user.account, fullName: user.fullName, roles, unreadNotices, onlineStaff };
  }

  private async onlineStaff(): Promise<number> {
    return new Set((await this.hub.online()).map((connection) => connection.userId)).size;
  }
}
