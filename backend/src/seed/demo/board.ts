import { IssueBoardService } from '../../orders/issue-board/issue-board.service.js';
import { DAY, HOUR, type Actor, type DemoContext } from './context.js';
import { moving, type Business, type DemoOrder } from './orders.js';

/** A question one member of staff raises on an order for another, when it comes up, and the answers it gets. */
interface Topic {
  from: Actor | 'salesman';
  to: Actor | 'salesman';
  /** when it comes up; undefined: not in this order's life */
  when: (order: DemoOrder) => number | undefined;
  detail: (order: DemoOrder) => string;
  replies: string[];
}

const TOPICS: Topic[] = [
  {
    from: 'cs01',
    to: 'op01',
    when: (o) => o.warehouseAt + 4 * HOUR,
    detail: () => '客户询问货物是否已全部入仓，请确认件数与装箱单是否一致。',
    replies: ['已全部入仓，件数与装箱单一致。', '外箱有轻微压痕，已拍照留档。'],
  },
  {
    from: 'salesman',
    to: 'op01',
    when: (o) => o.createdAt + 5 * HOUR,
    detail: () => '客户要求尽快安排装柜，请确认最近一班的截关时间。',
    replies: ['本周五截关，已预留舱位。'],
  },
  {
    from: 'op01',
    to: 'salesman',
    when: (o) => (o.shipment?.moves.customs ?? 0) - DAY,
    detail: () => '报关资料缺少商业发票金额，请联系客户补充。',
    replies: ['已催客户，今天下班前提供。', '发票已上传到邮箱，请查收。'],
  },
  {
    from: 'fin01',
    to: 'salesman',
    when: (o) => o.warehouseAt + 20 * DAY,
    detail: () => '该票运费尚未到账，请跟进客户付款进度。',
    replies: ['客户答应本周内安排付款。'],
  },
  {
    from: 'cs01',
    to: 'op01',
    when: (o) => (o.shipment?.moves.sail ?? 0) + 2 * DAY,
    detail: () => '收货人询问预计到港时间，请提供最新船期。',
    replies: ['船期正常，按原定 ETA 到港。'],
  },
  {
    from: 'op01',
    to: 'cs01',
    when: (o) => (o.shipment?.moves.startDelivery ?? 0) + 3 * HOUR,
    detail: () => '派送地址缺少门牌号，请与收货人确认。',
    replies: ['已与收货人确认，地址无误，可以派送。'],
  },
  {
    from: 'salesman',
    to: 'fin01',
    when: (o) => o.deliveredAt,
    detail: (o) => `客户 ${o.customer.companyName} 申请开具本票运费发票，请协助处理。`,
    replies: ['发票已开具并寄出，快递单号已发给客户。'],
  },
];

/** How many issues the board holds. */
const ISSUES = 54;

/**
 * Plans the issue board: questions staff raise on orders for one another, at the moment they come up;
 * some still waiting for an answer (mostly the newest), some answered, some closed by their author.
 */
export function planBoard(ctx: DemoContext, business: Business): void {
  const { random } = ctx;
  const board = ctx.get(IssueBoardService);
  const candidates = business.orders.filter((order) => order.shipment && order.voidAt === undefined && order.createdAt > ctx.end - 80 * DAY);
  for (let made = 0, tries = 0; made < ISSUES && tries < 10 * ISSUES; tries++) {
    const order = random.pick(candidates);
    const topic = random.pick(TOPICS);
    const at = topic.when(order);
    if (at === undefined || at <= order.createdAt || at > ctx.end - HOUR) continue;
    made++;
    const actor = (who: Topic['from']): Actor => (who === 'salesman' ? order.salesman : who);
    const [from, to] = [actor(topic.from), actor(topic.to)];
    const fresh = at > ctx.end - 3 * DAY;
    const outcome = random.weighted([
      ['wait', fresh ? 6 : 1],
      ['handle', 3],
      ['completed', fresh ? 1 : 5],
    ] as const);
    const issue: { id?: number } = {};
    ctx.schedule(at, `issue on order ${order.serial}`, () =>
      ctx.as(from, async (user) => {
        if (order.id === undefined || !moving(order, at)) return;
        issue.id = (await board.add(order.id, { processedUserId: ctx.staff[to].userId, detail: topic.detail(order) }, user)).id;
      }),
    );
    if (outcome === 'wait') continue;
    let replyAt = at;
    for (const [i, reply] of topic.replies.entries()) {
      replyAt += random.int(1, 20) * HOUR;
      // a second answer comes from the author at times (thanks, a follow-up), else from the handler again
      const replier = i > 0 && random.chance(0.3) ? from : to;
      ctx.schedule(replyAt, `reply on order ${order.serial}`, () =>
        ctx.as(replier, async (user) => (issue.id ? board.addReply(issue.id, { detail: reply }, user) : null)),
      );
    }
    if (outcome === 'completed') {
      const closeAt = replyAt + random.int(2, 30) * HOUR;
      ctx.schedule(closeAt, `close issue on order ${order.serial}`, () =>
        ctx.as(from, async (user) => (issue.id ? board.close(issue.id, undefined, user) : null)),
      );
    }
  }
}
