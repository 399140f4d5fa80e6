import { HUB_EVENTS, type NoticeAudience, type NoticeStatus, hasVisibleContent, EDITABLE_NOTICE_STATUSES, isNoticeEditable } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { containing, readPage, skipTake, timeRange, toPage, type Page } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import { Prisma } from '../../generated/prisma/client.js';
import { HubService } from '../../hub/hub.service.js';
import { userNames } from '../../prisma/name-lookups.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { addressedTo } from './notice-audience.js';
import { sanitizeNoticeContent } from './notice-content.js';
import type {
  AddNoticeDto,
  ListNoticesDto,
  MyNotice,
  MyNoticeDetail,
  MyNoticesDto,
  NoticeDetail,
  NoticePush,
  NoticeSummary,
  UpdateNoticeDto,
} from './notice.dto.js';

const SUMMARY = {
  id: true,
  title: true,
  audience: true,
  audienceRoleIds: true,
  audienceUserIds: true,
  status: true,
  publishedAt: true,
  withdrawnAt: true,
  createdBy: true,
  ver: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { reads: true } },
} as const satisfies Prisma.NoticeSelect;
type SummaryRow = Prisma.NoticeGetPayload<{ select: typeof SUMMARY }>;

/** Internal notices: written and published by administrators, read by the staff they address. */
@Injectable()
export class NoticeService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly hub: HubService,
  ) {}

  // ------------------------------------------------------------ administration

  async list(query: ListNoticesDto): Promise<Page<NoticeSummary>> {
    const where: Prisma.NoticeWhereInput = {
      title: containing(query.title),
      status: query.status,
      publishedAt: timeRange(query.publishedFrom, query.publishedTo),
    };
    return readPage(
      query,
      (page) => this.prisma.db.notice.findMany({ where, select: SUMMARY, orderBy: { id: 'desc' }, ...page }),
      () => this.prisma.db.notice.count({ where }),
      async (rows) => {
        const names = await this.namesOf(rows.map((row) => row.createdBy));
        return rows.map((row) => summary(row, names));
      },
    );
  }

  async detail(id: number): Promise<NoticeDetail> {
    const row = await this.prisma.db.notice.findUnique({ where: { id }, select: { ...SUMMARY, content: true } });
    if (!row) throw AppError.notFound();
    return { ...summary(row, await this.namesOf([row.createdBy])), content: row.content };
  }

  async add(dto: AddNoticeDto, authorId: number): Promise<NoticeDetail> {
    const fields = await this.noticeFields(dto);
    const { id } = await this.prisma.db.notice.create({ data: { ...fields, createdBy: authorId }, select: { id: true } });
    return this.detail(id);
  }

  async update(dto: UpdateNoticeDto): Promise<NoticeDetail> {
    const notice = await this.find(dto.id);
    if (notice.ver !== dto.ver) throw AppError.staleVersion();
    if (!isNoticeEditable(notice.status as NoticeStatus)) throw AppError.badRequest('noticeNotEditable');
    await updateWithVer(this.prisma.db.notice, dto.id, dto.ver, await this.noticeFields(dto));
    return this.detail(dto.id);
  }

  async remove(id: number): Promise<void> {
    const notice = await this.find(id);
    if (!isNoticeEditable(notice.status as NoticeStatus)) throw AppError.badRequest('noticeNotDeletable');
    try {
      // The status is checked again by the delete itself: a notice published meanwhile stays.
      await this.prisma.db.notice.delete({ where: { id, status: { in: [...EDITABLE_NOTICE_STATUSES] } } });
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2025') throw error;
      await this.find(id);
      throw AppError.badRequest('noticeNotDeletable');
    }
  }

  /**
   * Publishes a draft or withdrawn notice and tells its audience at once (ReceiveMessage to their live
   * connections). Publishing again makes it unread for everyone: the content may have changed.
   */
  async publish(id: number, ver?: number): Promise<NoticeDetail> {
    const notice = await this.find(id);
    if (ver !== undefined && notice.ver !== ver) throw AppError.staleVersion();
    if (!isNoticeEditable(notice.status as NoticeStatus)) throw AppError.badRequest('noticeAlreadyPublished');
    const published = await this.prisma.db.$transaction(async (tx) => {
      await tx.noticeRead.deleteMany({ where: { noticeId: id } });
      return updateWithVer(tx.notice, id, notice.ver, { status: 'published', publishedAt: new Date(), withdrawnAt: null });
    });
    await this.announce(published);
    return this.detail(id);
  }

  async withdraw(id: number, ver?: number): Promise<NoticeDetail> {
    const notice = await this.find(id);
    if (ver !== undefined && notice.ver !== ver) throw AppError.staleVersion();
    if (notice.status !== 'published') throw AppError.badRequest('noticeNotPublished');
    await updateWithVer(this.prisma.db.notice, id, notice.ver, { status: 'withdrawn', withdrawnAt: new Date() });
    return this.detail(id);
  }

  // ------------------------------------------------------------ the reader's side

  async myList(userId: number, query: MyNoticesDto): Promise<Page<MyNotice>> {
    const where: Prisma.NoticeWhereInput = {
      AND: [
        await this.addressedTo(userId),
        query.title ? { title: { contains: query.title, mode: 'insensitive' } } : {},
        query.read === undefined ? {} : query.read ? { reads: { some: { userId } } } : { reads: { none: { userId } } },
      ],
    };
    const [rows, total] = await Promise.all([
      this.prisma.db.notice.findMany({
        where,
        select: { id: true, title: true, publishedAt: true, createdBy: true, reads: { where: { userId }, select: { readAt: true } } },
        orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
        ...skipTake(query),
      }),
      this.prisma.db.notice.count({ where }),
    ]);
    const names = await this.namesOf(rows.map((row) => row.createdBy));
    return toPage(
      rows.map((row) => ({
        id: row.id,
        title: row.title,
        publishedAt: row.publishedAt,
        createdByName: names.get(row.createdBy) ?? null,
        read: row.reads.length > 0,
        readAt: row.reads[0]?.readAt ?? null,
      })),
      total,
      query,
    );
  }

  /** A notice addressed to the reader, marked read by opening it. */
  async myDetail(userId: number, id: number): Promise<MyNoticeDetail> {
    const notice = await this.prisma.db.notice.findFirst({
      where: { AND: [{ id }, await this.addressedTo(userId)] },
      select: { id: true, title: true, content: true, publishedAt: true, createdBy: true },
    });
    if (!notice) throw AppError.notFound();
    const readAt = await this.markReadFor(userId, id);
    const names = await this.namesOf([notice.createdBy]);
    return {
      id: notice.id,
      title: notice.title,
      content: notice.content,
      publishedAt: notice.publishedAt,
      createdByName: names.get(notice.createdBy) ?? null,
      read: true,
      readAt,
    };
  }

  async markRead(userId: number, id: number): Promise<void> {
    if (!(await this.prisma.db.notice.count({ where: { AND: [{ id }, await this.addressedTo(userId)] } }))) throw AppError.notFound();
    await this.markReadFor(userId, id);
  }

  /** The number on the top bar's bell. */
  async unreadCount(userId: number): Promise<number> {
    return this.prisma.db.notice.count({ where: { AND: [await this.addressedTo(userId), { reads: { none: { userId } } }] } });
  }

  // ------------------------------------------------------------ rules

  private async find(id: number) {
    const notice = await this.prisma.db.notice.findUnique({ where: { id }, select: { id: true, status: true, ver: true } });
    if (!notice) throw AppError.notFound();
    return notice;
  }

  /** The stored fields of a notice: sanitised content and an audience of roles and staff that exist. */
  private async noticeFields(dto: AddNoticeDto) {
    const content = sanitizeNoticeContent(dto.content);
    if (!hasVisibleContent(content)) throw new FieldErrors({ content: [t('noticeContentRequired')] });
    const roleIds = dto.audience === 'roles' ? [...new Set(dto.roleIds)] : [];
    const userIds = dto.audience === 'users' ? [...new Set(dto.userIds)] : [];
    if (roleIds.length) {
      const found = new Set((await this.prisma.db.role.findMany({ where: { id: { in: roleIds } }, select: { id: true } })).map((r) => r.id));
      const missing = roleIds.filter((id) => !found.has(id));
      if (missing.length) throw new FieldErrors({ roleIds: [t('roleNotFound', { ids: missing.join(', ') })] });
    }
    if (userIds.length) {
      const found = new Set((await this.prisma.db.user.findMany({ where: { id: { in: userIds }, deletedAt: null }, select: { id: true } })).map((u) => u.id));
      const missing = userIds.filter((id) => !found.has(id));
      if (missing.length) throw new FieldErrors({ userIds: [t('noticeUserNotFound', { ids: missing.join(', ') })] });
    }
    return { title: dto.title, content, audience: dto.audience, audienceRoleIds: roleIds, audienceUserIds: userIds };
  }

  /** Published notices meant for the user: everyone's, their roles', or naming them. */
  private async addressedTo(userId: number): Promise<Prisma.NoticeWhereInput> {
    const roles = await this.prisma.db.userRole.findMany({ where: { userId }, select: { roleId: true } });
    return addressedTo(
      userId,
      roles.map((r) => r.roleId),
    );
  }

  private async markReadFor(userId: number, noticeId: number): Promise<Date> {
    await this.prisma.db.noticeRead.createMany({ data: [{ noticeId, userId }], skipDuplicates: true });
    const read = await this.prisma.db.noticeRead.findUniqueOrThrow({ where: { noticeId_userId: { noticeId, userId } }, select: { readAt: true } });
    return read.readAt;
  }

  /** Sends ReceiveMessage to the live connections of the notice's audience. */
  private async announce(notice: { id: number; title: string; audience: string; audienceRoleIds: number[]; audienceUserIds: number[] }) {
    const push: NoticePush = { type: 'notice', id: notice.id, title: notice.title };
    if (notice.audience === 'all') return this.hub.sendToAll(HUB_EVENTS.message, push);
    const userIds =
      notice.audience === 'users'
        ? notice.audienceUserIds
        : (await this.prisma.db.userRole.findMany({ where: { roleId: { in: notice.audienceRoleIds } }, select: { userId: true } })).map((r) => r.userId);
    if (userIds.length) await this.hub.sendToUsers(userIds, HUB_EVENTS.message, push);
  }

  private namesOf(userIds: number[]): Promise<Map<number, string>> {
    return userNames(this.prisma, userIds);
  }
}

function summary(row: SummaryRow, names: Map<number, string>): NoticeSummary {
  return {
    id: row.id,
    title: row.title,
    audience: row.audience as NoticeAudience,
    roleIds: row.audienceRoleIds,
    userIds: row.audienceUserIds,
    status: row.status as NoticeStatus,
    publishedAt: row.publishedAt,
    withdrawnAt: row.withdrawnAt,
    createdBy: row.createdBy,
    createdByName: names.get(row.createdBy) ?? null,
    readCount: row._count.reads,
    ver: row.ver,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
