import { Injectable } from '@nestjs/common';
import { NoticeService } from '../admin/notice/notice.service.js';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { HubService } from '../hub/hub.service.js';
import { IssueBoardService } from '../orders/issue-board/issue-board.service.js';
import { bucketTotals } from '../orders/order/order-counts.js';
import { ordersInScope } from '../orders/order/order-scope.js';
import { customerNames, userNames } from '../prisma/name-lookups.js';
import { PrismaService } from '../prisma/prisma.service.js';

/** Orders per line, then per stage or side state (the keys a line has orders under). */
export type OrderCounts = Record<string, Record<string, number>>;

export interface WorkbenchSummary {
  userId: number;
  account: string;
  fullName: string;
  roles: { code: string; name: string; nameEn: string | null }[];
  /** Published notices for the user's audience not read yet (index:notice). */
  unreadNotices?: number;
  /** Staff online: the user asking, and every other staff member with a live hub connection on any process (index:online). */
  onlineStaff?: number;
  /**
   * Orders of the user's scope per line (index:stageCount): moving normally per stage, and held per
   * side state (abnormal, detain); voided orders are not counted. Lines or stages without orders are absent.
   */
  orderCounts?: OrderCounts;
  /** Order issues waiting for the user: to handle, or answered and to confirm (order:bbs; the bell's count). */
  openIssues?: number;
  /**
   * Pre-alerts customers sent from the portal that their salesman has not opened or changed yet, in the
   * user's order scope, per line and in all (order:list; docs/portal.md). Voided ones do not wait.
   */
  prealertsWaiting?: { total: number; byLine: Record<string, number> };
}

/** An order of the home page's 最近订单 card. */
export interface RecentOrder {
  id: number;
  orderNo: string;
  shipType: string;
  stage: string;
  sideState: string | null;
  customerName: string | null;
  salesmanName: string | null;
  createdAt: Date;
}

/** The orders the 最近订单 card shows. */
const RECENT_ORDERS = 5;

/** The home page (/index): who the user is, and the widgets their permission codes show. */
@Injectable()
export class WorkbenchService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly notices: NoticeService,
    private readonly hub: HubService,
    private readonly board: IssueBoardService,
  ) {}

  async summary(user: Principal): Promise<WorkbenchSummary> {
    const [roles, unreadNotices, onlineStaff, orderCounts, openIssues, prealertsWaiting] = await Promise.all([
      this.prisma.db.role.findMany({
        where: { code: { in: user.roleCodes } },
        select: { code: true, name: true, nameEn: true },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
      holdsAny(user, ['index:notice']) ? this.notices.unreadCount(user.userId) : undefined,
      holdsAny(user, ['index:online']) ? this.onlineStaff(user) : undefined,
      // read off order_count (kept by triggers on orders): a few rows, whatever the number of orders
      holdsAny(user, ['index:stageCount']) ? bucketTotals(this.prisma, user) : undefined,
      holdsAny(user, ['order:bbs']) ? this.board.reminderCount({}, user) : undefined,
      holdsAny(user, ['order:list']) ? this.prealertsWaiting(user) : undefined,
    ]);
    return {
      userId: user.userId,
      account: user.account,
      fullName: user.fullName,
      roles,
      unreadNotices,
      onlineStaff,
      orderCounts,
      openIssues,
      prealertsWaiting,
    };
  }

  /** Pre-alerts waiting for their salesman (the partial index orders_portal_waiting_idx holds exactly these). */
  private async prealertsWaiting(user: Principal): Promise<{ total: number; byLine: Record<string, number> }> {
    const groups = await this.prisma.db.order.groupBy({
      by: ['shipType'],
      where: ordersInScope(user, { fromPortal: true, portalCheckedAt: null, OR: [{ sideState: null }, { sideState: { not: 'delete' } }] }),
      _count: { _all: true },
    });
    const byLine = Object.fromEntries(groups.map((g) => [g.shipType, g._count._all]));
    return { total: groups.reduce((sum, g) => sum + g._count._all, 0), byLine };
  }

  /** The latest orders registered in the user's order scope, voided ones left out (newest first). */
  async recentOrders(user: Principal): Promise<RecentOrder[]> {
    const rows = await this.prisma.db.order.findMany({
      where: ordersInScope(user, { OR: [{ sideState: null }, { sideState: { not: 'delete' } }] }),
      select: { id: true, orderNo: true, shipType: true, stage: true, sideState: true, customerId: true, salesmanId: true, createdAt: true },
      orderBy: { id: 'desc' },
      take: RECENT_ORDERS,
    });
    const [customers, salesmen] = await Promise.all([
      customerNames(
        this.prisma,
        rows.map((row) => row.customerId),
      ),
      userNames(
        this.prisma,
        rows.map((row) => row.salesmanId),
      ),
    ]);
    return rows.map(({ customerId, salesmanId, ...order }) => ({
      ...order,
      customerName: customers.get(customerId)?.companyName ?? null,
      salesmanName: salesmen.get(salesmanId) ?? null,
    }));
  }

  /**
   * The user asking is online whether or not their page's hub connection is up yet (the home page asks
   * as it opens, before it connects); customers' mini-program connections are not staff.
   */
  private async onlineStaff(user: Principal): Promise<number> {
    const staff = (await this.hub.online()).filter((connection) => connection.customerId === undefined).map((connection) => connection.userId);
    return new Set([user.userId, ...staff]).size;
  }
}
