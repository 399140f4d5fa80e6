import {
  CLOSED_ISSUE_STATUS,
  HUB_EVENTS,
  HUB_METHODS,
  ISSUE_TEXT_MAX_LENGTH,
  type IssueRefusal,
  type IssueStatus,
  mayCloseIssue,
  mayEditIssue,
  mayEditReply,
  mayReplyIssue,
  NEW_ISSUE_STATUS,
  SHIP_LINES,
  type ShipType,
  statusAfterReply,
  storedText,
} from '@forwarder/domain';
import { HttpStatus, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { isId } from '../../common/fields.js';
import type { Principal } from '../../common/access.decorators.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t, type MessageKey } from '../../common/messages.js';
import { skipTake, toPage, type Page } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import { Prisma } from '../../generated/prisma/client.js';
import { HubService } from '../../hub/hub.service.js';
import { userNames } from '../../prisma/name-lookups.js';
import { FilesService } from '../../files/files.service.js';
import { PrismaService, type Tx } from '../../prisma/prisma.service.js';
import { orderOwner, orderScope, ordersInScope } from '../order/order-scope.js';
import { involving, visibleIssues } from './issue-scope.js';
import type {
  AddIssueDto,
  AddReplyDto,
  IssueFile,
  IssueView,
  IssueReminderCountDto,
  IssueReminderListDto,
  IssueReminderRow,
  OrderIssueView,
  OrdersIssuesDto,
  ReplyView,
  ShipItem,
  UpdateIssueDto,
  UpdateReplyDto,
} from './issue-board.dto.js';

const REPLY = {
  id: true,
  issueId: true,
  detail: true,
  photoIds: true,
  createUserId: true,
  ver: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.OrderIssueReplySelect;
const ISSUE = {
  id: true,
  orderId: true,
  status: true,
  detail: true,
  photoIds: true,
  processedUserId: true,
  createUserId: true,
  ver: true,
  createdAt: true,
  updatedAt: true,
  replies: { select: REPLY, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.OrderIssueSelect;
type ReplyRow = Prisma.OrderIssueReplyGetPayload<{ select: typeof REPLY }>;
type IssueRow = Prisma.OrderIssueGetPayload<{ select: typeof ISSUE }>;
type IssueState = Pick<IssueRow, 'id' | 'orderId' | 'status' | 'photoIds' | 'processedUserId' | 'createUserId' | 'ver'>;

/** Names and files a set of issues and replies refers to. */
interface Refs {
  names: Map<number, string>;
  files: Map<number, IssueFile>;
}

const shipItem = (value: string): ShipItem => {
  const line = SHIP_LINES.find((l) => l.value === value);
  return { value: value as ShipType, text: line?.text ?? value, textEn: line?.textEn ?? value };
};

const logger = new Logger('IssueBoard');

/** How the server answers each refusal of the issue board's rules (packages/domain/src/issue-board.ts). */
const REFUSALS: Record<IssueRefusal, [HttpStatus, MessageKey]> = {
  onlyAuthorEdits: [HttpStatus.FORBIDDEN, 'issueOnlyCreatorEdits'],
  onlyAuthorCloses: [HttpStatus.FORBIDDEN, 'issueOnlyCreatorCloses'],
  onlyReplyAuthor: [HttpStatus.FORBIDDEN, 'issueOnlyReplyAuthor'],
  completed: [HttpStatus.BAD_REQUEST, 'issueCompleted'],
  editOnlyWaiting: [HttpStatus.BAD_REQUEST, 'issueEditOnlyWaiting'],
  closeOnlyHandling: [HttpStatus.BAD_REQUEST, 'issueCloseOnlyHandling'],
};

/** Goes on when the rule allows the move; otherwise refuses it with the rule's reason. */
function allowed(refusal: IssueRefusal | null): void {
  if (refusal) throw new AppError(...REFUSALS[refusal]);
}

/**
 * The order issue board (docs/issue-board.md): issues posted on an order to a handler, replies, closing; the
 * notification counts; and the live badge pushes over the hub. Who sees an issue: whoever sees its order
 * (orderScope), and its author and handler; new issues are posted only on orders the caller sees.
 */
@Injectable()
export class IssueBoardService implements OnModuleInit {
  constructor(
    private readonly prisma: PrismaService,
    private readonly hub: HubService,
    private readonly files: FilesService,
  ) {}

  onModuleInit() {
    this.hub.registerMethod(HUB_METHODS.orderIssues, (ctx, orderId) => this.resend(ctx.principal.userId, orderId));
  }

  // ------------------------------------------------------------ issues

  /** The order's issues in one status, newest first, each with its replies (oldest first). */
  async list(orderId: number, status: IssueStatus, user: Principal): Promise<IssueView[]> {
    await this.visibleBoard(orderId, user);
    const rows = await this.prisma.db.orderIssue.findMany({
      where: { AND: [visibleIssues(user), { orderId, status }] },
      select: ISSUE,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const refs = await this.refsOf(rows);
    return rows.map((row) => issueView(row, refs));
  }

  async detail(id: number, user: Principal): Promise<IssueView> {
    const row = await this.prisma.db.orderIssue.findFirst({ where: { AND: [visibleIssues(user), { id }] }, select: ISSUE });
    if (!row) throw AppError.notFound();
    return issueView(row, await this.refsOf([row]));
  }

  async add(orderId: number, dto: AddIssueDto, user: Principal): Promise<IssueView> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: orderId }), select: { id: true } });
    if (!order) throw AppError.notFound();
    const data = {
      detail: text(dto.detail, 'issueDetailRequired'),
      processedUserId: await this.activeHandler(dto.processedUserId),
    };
    const { id } = await this.prisma.db.$transaction(async (tx) => {
      const photoIds = await this.photos(tx, dto.photoIds ?? [], user);
      const created = await tx.orderIssue.create({
        data: { ...data, photoIds, orderId, status: NEW_ISSUE_STATUS, createUserId: user.userId },
        select: { id: true },
      });
      await recordChange(tx, user.userId, [user.userId, data.processedUserId]);
      return created;
    });
    await this.push([user.userId, data.processedUserId]);
    return this.detail(id, user);
  }

  /** The author only, while the issue waits for its first reply. */
  async update(dto: UpdateIssueDto, user: Principal): Promise<IssueView> {
    const issue = await this.visibleIssue(dto.id, user);
    if (issue.orderId !== dto.orderId) throw new FieldErrors({ orderId: [t('issueOrderMismatch')] });
    const data = {
      detail: text(dto.detail, 'issueDetailRequired'),
      processedUserId: await this.activeHandler(dto.processedUserId),
    };
    const before = await this.prisma.db.$transaction(async (tx) => {
      const locked = await lockIssue(tx, dto.id);
      allowed(mayEditIssue(issueFacts(locked), user.userId));
      if (locked.ver !== dto.ver) throw AppError.staleVersion();
      const photoIds = dto.photoIds ? await this.photos(tx, dto.photoIds, user, locked.photoIds) : undefined;
      await updateWithVer(tx.orderIssue, dto.id, dto.ver, { ...data, photoIds });
      await recordChange(tx, user.userId, [locked.createUserId, locked.processedUserId, data.processedUserId]);
      return locked;
    });
    await this.push([before.createUserId, before.processedUserId, data.processedUserId]);
    return this.detail(dto.id, user);
  }

  /** The author only, while the issue waits; its replies go with it (deleted, not hidden). */
  async remove(id: number, user: Principal): Promise<void> {
    await this.visibleIssue(id, user);
    const removed = await this.prisma.db.$transaction(async (tx) => {
      const locked = await lockIssue(tx, id);
      allowed(mayEditIssue(issueFacts(locked), user.userId));
      await tx.orderIssue.delete({ where: { id } });
      await recordChange(tx, user.userId, [locked.createUserId, locked.processedUserId]);
      return locked;
    });
    await this.push([removed.createUserId, removed.processedUserId]);
  }

  /** handle → completed, by the issue's author (or a super administrator). */
  async close(id: number, ver: number | undefined, user: Principal): Promise<IssueView> {
    await this.visibleIssue(id, user);
    const closed = await this.prisma.db.$transaction(async (tx) => {
      const locked = await lockIssue(tx, id);
      allowed(mayCloseIssue(issueFacts(locked), user));
      if (ver !== undefined && locked.ver !== ver) throw AppError.staleVersion();
      await updateWithVer(tx.orderIssue, id, locked.ver, { status: CLOSED_ISSUE_STATUS });
      await recordChange(tx, user.userId, [locked.createUserId, locked.processedUserId]);
      return locked;
    });
    await this.push([closed.createUserId, closed.processedUserId]);
    return this.detail(id, user);
  }

  // ------------------------------------------------------------ replies

  /** Anyone who sees the board replies to an open issue; the first reply on a waiting issue moves it to handle. */
  async addReply(issueId: number, dto: AddReplyDto, user: Principal): Promise<ReplyView> {
    await this.visibleIssue(issueId, user);
    const detail = text(dto.detail, 'issueReplyRequired');
    return this.writeReply(issueId, user, async (tx, locked) => {
      const facts = issueFacts(locked);
      allowed(mayReplyIssue(facts));
      const photoIds = await this.photos(tx, dto.photoIds ?? [], user);
      const created = await tx.orderIssueReply.create({ data: { detail, photoIds, issueId, createUserId: user.userId }, select: REPLY });
      // The first answer moves the issue on (its ver with it); later ones only mark it active for the notices' order.
      const next = statusAfterReply(facts.status);
      if (next !== facts.status) await updateWithVer(tx.orderIssue, issueId, locked.ver, { status: next });
      else await tx.orderIssue.update({ where: { id: issueId }, data: { updatedAt: new Date() }, select: { id: true } });
      return created;
    });
  }

  async replyDetail(id: number, user: Principal): Promise<ReplyView> {
    const reply = await this.visibleReply(id, user);
    return replyView(reply, await this.refsOf([reply]));
  }

  /** The reply's author only, and not once the issue is closed. */
  async updateReply(dto: UpdateReplyDto, user: Principal): Promise<ReplyView> {
    const reply = await this.visibleReply(dto.id, user);
    const detail = text(dto.detail, 'issueReplyRequired');
    return this.writeReply(reply.issueId, user, async (tx, locked) => {
      allowed(mayEditReply(issueFacts(locked), reply.createUserId, user.userId));
      if (reply.ver !== dto.ver) throw AppError.staleVersion();
      const photoIds = dto.photoIds ? await this.photos(tx, dto.photoIds, user, reply.photoIds) : undefined;
      return updateWithVer(tx.orderIssueReply, dto.id, dto.ver, { detail, photoIds });
    });
  }

  /**
   * Writes a reply on the issue, locked for the transaction, and records the change for the issue's author
   * and handler, whom it then notifies; answers the reply as written.
   */
  private async writeReply(issueId: number, user: Principal, write: (tx: Tx, locked: IssueState) => Promise<ReplyRow>): Promise<ReplyView> {
    const { reply, issue } = await this.prisma.db.$transaction(async (tx) => {
      const locked = await lockIssue(tx, issueId);
      const written = await write(tx, locked);
      await recordChange(tx, user.userId, [locked.createUserId, locked.processedUserId]);
      return { reply: written, issue: locked };
    });
    await this.push([issue.createUserId, issue.processedUserId]);
    return replyView(reply, await this.refsOf([reply]));
  }

  /** The reply's author only, and not once the issue is closed. Counts do not change: nothing is pushed. */
  async removeReply(id: number, user: Principal): Promise<void> {
    const reply = await this.visibleReply(id, user);
    await this.prisma.db.$transaction(async (tx) => {
      const locked = await lockIssue(tx, reply.issueId);
      allowed(mayEditReply(issueFacts(locked), reply.createUserId, user.userId));
      await tx.orderIssueReply.delete({ where: { id } });
    });
  }

  // ------------------------------------------------------------ batch dialog and notifications

  /** Issues of the given orders (those of them the caller may see) in one status, newest first. */
  async ordersList(query: OrdersIssuesDto, user: Principal): Promise<Page<OrderIssueView>> {
    const where: Prisma.OrderIssueWhereInput = { AND: [visibleIssues(user), { orderId: { in: [...new Set(query.orderIds)] }, status: query.status }] };
    const [rows, total] = await Promise.all([
      this.prisma.db.orderIssue.findMany({
        where,
        select: { ...ISSUE, order: { select: { orderNo: true, shipType: true } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        ...skipTake(query),
      }),
      this.prisma.db.orderIssue.count({ where }),
    ]);
    const refs = await this.refsOf(rows);
    return toPage(
      rows.map(({ order, ...row }) => ({ ...issueView(row, refs), orderNo: order.orderNo, shipType: shipItem(order.shipType) })),
      total,
      query,
    );
  }

  /** The caller's orders with issues to handle (waitNum) or to confirm (handleNum), most recent activity first. */
  async reminderList(query: IssueReminderListDto, user: Principal): Promise<Page<IssueReminderRow>> {
    const me = user.userId;
    const { skip, take } = skipTake(query);
    const line = query.shipType ? Prisma.sql`AND o.ship_type = ${query.shipType}` : Prisma.empty;
    const mine = Prisma.sql`((b.status = 'wait' AND b.processed_user_id = ${me}) OR (b.status = 'handle' AND b.create_user_id = ${me}))`;
    const [rows, [{ total }]] = await Promise.all([
      this.prisma.db.$queryRaw<{ order_id: number; order_no: string; ship_type: string; wait_num: bigint; handle_num: bigint }[]>`
        SELECT b.order_id, o.order_no, o.ship_type,
               count(*) FILTER (WHERE b.status = 'wait' AND b.processed_user_id = ${me}) AS wait_num,
               count(*) FILTER (WHERE b.status = 'handle' AND b.create_user_id = ${me}) AS handle_num
          FROM order_bbs b JOIN orders o ON o.id = b.order_id
         WHERE ${mine} ${line}
         GROUP BY b.order_id, o.order_no, o.ship_type
         ORDER BY max(b.updated_at) DESC, b.order_id DESC
         LIMIT ${take} OFFSET ${skip}`,
      this.prisma.db.$queryRaw<{ total: bigint }[]>`
        SELECT count(DISTINCT b.order_id) AS total FROM order_bbs b JOIN orders o ON o.id = b.order_id WHERE ${mine} ${line}`,
    ]);
    return toPage(
      rows.map((r) => ({
        orderId: r.order_id,
        orderNo: r.order_no,
        shipItem: shipItem(r.ship_type),
        waitNum: Number(r.wait_num),
        handleNum: Number(r.handle_num),
      })),
      Number(total),
      query,
    );
  }

  /** The badge: the caller's waitNum + handleNum over every order (of one line). */
  reminderCount(query: IssueReminderCountDto, user: Principal): Promise<number> {
    return this.countFor(user.userId, query.shipType ?? undefined);
  }

  private countFor(userId: number, shipType?: ShipType): Promise<number> {
    return this.prisma.db.orderIssue.count({
      where: {
        OR: [
          { processedUserId: userId, status: 'wait' },
          { createUserId: userId, status: 'handle' },
        ],
        order: shipType ? { shipType } : undefined,
      },
    });
  }

  // ------------------------------------------------------------ hub

  /**
   * Sends each user their new badge count, on every process (HubService fans out through Redis). The change
   * has committed by then: a failed recount is logged, not answered as a failed change.
   */
  private async push(userIds: number[]): Promise<void> {
    await Promise.all(
      [...new Set(userIds)].map(async (userId) => {
        try {
          await this.hub.sendToUser(userId, HUB_EVENTS.orderIssues, await this.countFor(userId));
        } catch (error) {
          logger.warn(`ReceiveOrderBbs for user ${userId} not sent: ${String(error)}`);
        }
      }),
    );
  }

  /**
   * SendOrderBbs: the client says something changed without saying what. Recounts and pushes for the
   * caller, for the users the caller's latest change touched (order_bbs_change, shared by all processes),
   * and, when an order id is given and the caller takes part in its board, for everyone on that board.
   * Answers the caller's count.
   */
  private async resend(userId: number, orderId: unknown): Promise<number> {
    const users = new Set([userId]);
    const change = await this.prisma.db.orderIssueChange.findUnique({ where: { userId }, select: { userIds: true } });
    change?.userIds.forEach((id) => users.add(id));
    const id = Number(orderId);
    if (isId(id)) {
      const involved = { OR: [{ createUserId: userId }, { processedUserId: userId }, { replies: { some: { createUserId: userId } } }] };
      if (await this.prisma.db.orderIssue.count({ where: { orderId: id, ...involved } })) {
        const board = await this.prisma.db.orderIssue.findMany({ where: { orderId: id }, select: { createUserId: true, processedUserId: true } });
        board.forEach((issue) => users.add(issue.createUserId).add(issue.processedUserId));
      }
    }
    await this.push([...users]);
    return this.countFor(userId);
  }

  // ------------------------------------------------------------ rules

  /** The order is the caller's to see, or holds an issue the caller wrote or handles. */
  private async visibleBoard(orderId: number, user: Principal): Promise<void> {
    const where: Prisma.OrderWhereInput = orderOwner(user).ownerId === null ? {} : { OR: [orderScope(user), { issues: { some: involving(user) } }] };
    const order = await this.prisma.db.order.findFirst({ where: { AND: [where, { id: orderId }] }, select: { id: true } });
    if (!order) throw AppError.notFound();
  }

  private async visibleIssue(id: number, user: Principal): Promise<IssueState> {
    const issue = await this.prisma.db.orderIssue.findFirst({ where: { AND: [visibleIssues(user), { id }] }, select: STATE });
    if (!issue) throw AppError.notFound();
    return issue;
  }

  private async visibleReply(id: number, user: Principal): Promise<ReplyRow> {
    const reply = await this.prisma.db.orderIssueReply.findFirst({ where: { id, issue: visibleIssues(user) }, select: REPLY });
    if (!reply) throw AppError.notFound();
    return reply;
  }

  private async activeHandler(userId: number): Promise<number> {
    const handler = await this.prisma.db.user.findFirst({ where: { id: userId, deletedAt: null, enabled: true }, select: { id: true } });
    if (!handler) throw new FieldErrors({ processedUserId: [t('issueHandlerInactive')] });
    return handler.id;
  }

  /** The photo ids to store: images the issue or reply has, or the writer's own new uploads (FilesService.claim). */
  private photos(tx: Tx, ids: number[], user: Principal, kept: number[] = []): Promise<number[]> {
    return this.files.claim(tx, ids, { userId: user.userId, use: 'image', field: 'photoIds', kept });
  }

  private async refsOf(records: { createUserId: number; processedUserId?: number; photoIds: number[]; replies?: ReplyRow[] }[]): Promise<Refs> {
    const all = records.flatMap((r) => [r, ...(r.replies ?? [])]);
    const userIds = [...new Set(all.flatMap((r) => [r.createUserId, ...('processedUserId' in r && r.processedUserId ? [r.processedUserId] : [])]))];
    const fileIds = [...new Set(all.flatMap((r) => r.photoIds))];
    const [names, files] = await Promise.all([
      userNames(this.prisma, userIds),
      fileIds.length ? this.prisma.db.storedFile.findMany({ where: { id: { in: fileIds } }, select: { id: true, fileName: true, filePath: true } }) : [],
    ]);
    return { names, files: new Map(files.map((f) => [f.id, { ...f, url: this.files.url(f.filePath) }])) };
  }
}

const STATE = {
  id: true,
  orderId: true,
  status: true,
  photoIds: true,
  processedUserId: true,
  createUserId: true,
  ver: true,
} as const satisfies Prisma.OrderIssueSelect;

/** The text to store, or 400 on `detail` when it is empty or longer than 1000 characters as typed. */
function text(input: string, missing: 'issueDetailRequired' | 'issueReplyRequired'): string {
  const { html, length } = storedText(input);
  if (!length) throw new FieldErrors({ detail: [t(missing)] });
  if (length > ISSUE_TEXT_MAX_LENGTH) throw new FieldErrors({ detail: [t('issueTextLength', { max: ISSUE_TEXT_MAX_LENGTH })] });
  return html;
}

/** The issue as its rules read it (the column holds one of ISSUE_STATUSES: only this service writes it). */
const issueFacts = (issue: IssueState) => ({ status: issue.status as IssueStatus, createUserId: issue.createUserId });

/**
 * Holds the issue's row until the transaction ends, so a reply, an edit and a close of the same issue
 * happen one after the other and each sees the status the one before left; an issue removed meanwhile is 404.
 */
async function lockIssue(tx: Tx, id: number): Promise<IssueState> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM order_bbs WHERE id = ${id} FOR UPDATE`;
  if (!rows.length) throw AppError.notFound();
  return tx.orderIssue.findUniqueOrThrow({ where: { id }, select: STATE });
}

/** Remembers whose badges the user's latest change touched (raw: not worth a row in the operation log). */
async function recordChange(tx: Tx, userId: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  await tx.$executeRaw`
    INSERT INTO order_bbs_change (user_id, user_ids, changed_at) VALUES (${userId}, ${ids}::int[], now())
    ON CONFLICT (user_id) DO UPDATE SET user_ids = excluded.user_ids, changed_at = excluded.changed_at`;
}

/** Files in the order stored; a file deleted since is left out. */
const filesOf = (ids: number[], refs: Refs) => ids.flatMap((id) => refs.files.get(id) ?? []);

function replyView(row: ReplyRow, refs: Refs): ReplyView {
  return {
    id: row.id,
    orderBbsId: row.issueId,
    detail: row.detail,
    files: filesOf(row.photoIds, refs),
    ver: row.ver,
    createUserId: row.createUserId,
    createUserName: refs.names.get(row.createUserId) ?? null,
    createTime: row.createdAt,
    modifyTime: row.updatedAt,
  };
}

function issueView(row: IssueRow, refs: Refs): IssueView {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status as IssueStatus,
    detail: row.detail,
    files: filesOf(row.photoIds, refs),
    processedUserId: row.processedUserId,
    processedUserName: refs.names.get(row.processedUserId) ?? null,
    createUserId: row.createUserId,
    createUserName: refs.names.get(row.createUserId) ?? null,
    createTime: row.createdAt,
    modifyTime: row.updatedAt,
    ver: row.ver,
    reply: row.replies.map((reply) => replyView(reply, refs)),
  };
}
