import { DEMO_PASSWORDS } from '@forwarder/domain';
import { CustomerPoolService } from '../../customers/customer-pool.service.js';
import { CustomerWechatService } from '../../customers/customer-wechat.service.js';
import { CustomersService } from '../../customers/customers.service.js';
import { PortalAccountsService } from '../../portal/portal-accounts.service.js';
import type { DemoContext } from './context.js';

/**
 * How a customer's story goes: active (approved, ordering), protected (and ordering), idle (its last
 * order more than six months ago, protected by its salesman so the pool does not take it), pool (never
 * ordered: fell into the public pool), claimed (fell into the pool, then a salesman claimed it), pending
 * (awaiting review), rejected (sent back for editing).
 */
export type Story = 'active' | 'protected' | 'idle' | 'pool' | 'claimed' | 'pending' | 'rejected';
/** How a customer pays its bills: in full soon, part only, in full but late, not at all. */
export type Payer = 'prompt' | 'partial' | 'late' | 'never';

export interface DemoCustomer {
  companyName: string;
  contactName: string;
  city: string;
  source: string;
  level: 'A' | 'B' | 'C';
  owner: 'sales01' | 'sales02';
  story: Story;
  payer: Payer;
  /** share of the orders (active and protected customers) */
  weight: number;
  /** set when the customer is added */
  id?: number;
}

const c = (
  companyName: string,
  contactName: string,
  city: string,
  source: string,
  level: DemoCustomer['level'],
  owner: DemoCustomer['owner'],
  story: Story,
  payer: Payer = 'prompt',
  weight = 0,
): DemoCustomer => ({ companyName, contactName, city, source, level, owner, story, payer, weight });

/** The customers of the story, sales01's first. */
export const CUSTOMERS: DemoCustomer[] = [
  c('深圳市星河电子有限公司', '陈志强', '深圳', '网络推广', 'A', 'sales01', 'protected', 'prompt', 5),
  c('宁波海天家居用品有限公司', '刘芳', '宁波', '老客户介绍', 'B', 'sales01', 'active', 'partial', 3),
  c('义乌博远贸易有限公司', '王磊', '义乌', '展会', 'B', 'sales01', 'active', 'prompt', 4),
  c('东莞市恒通五金制品厂', '黄建华', '东莞', '电话开发', 'C', 'sales01', 'active', 'late', 3),
  c('广州蓝鲸服饰有限公司', '林晓燕', '广州', '网络推广', 'A', 'sales01', 'protected', 'prompt', 4),
  c('厦门鼎盛户外用品有限公司', '郑国栋', '厦门', '展会', 'B', 'sales01', 'active', 'never', 3),
  c('佛山顺德美居家具有限公司', '何永康', '佛山', '老客户介绍', 'B', 'sales01', 'idle'),
  c('汕头市玩具城实业有限公司', '蔡丽娜', '汕头', '电话开发', 'C', 'sales01', 'pool'),
  c('惠州新能源电池科技有限公司', '邓海波', '惠州', '网络推广', 'B', 'sales01', 'claimed'),
  c('上海浦江国际贸易有限公司', '徐静', '上海', '网络推广', 'A', 'sales01', 'pending'),
  c('南通家纺城经贸有限公司', '朱红梅', '南通', '展会', 'C', 'sales01', 'rejected'),
  c('杭州云帆进出口有限公司', '周敏', '杭州', '电话开发', 'C', 'sales02', 'active', 'prompt', 3),
  c('苏州锦程纺织品有限公司', '吴俊杰', '苏州', '老客户介绍', 'A', 'sales02', 'protected', 'late', 4),
  c('青岛海纳机械配件有限公司', '孙浩', '青岛', '展会', 'B', 'sales02', 'active', 'prompt', 3),
  c('温州鸿运鞋业有限公司', '叶文斌', '温州', '网络推广', 'B', 'sales02', 'active', 'never', 2),
  c('中山市灯饰之都照明有限公司', '梁美玲', '中山', '电话开发', 'B', 'sales02', 'idle'),
  c('泉州晋江运动用品有限公司', '许志明', '泉州', '展会', 'C', 'sales02', 'pool'),
  c('天津滨海工艺品有限公司', '马丽', '天津', '老客户介绍', 'C', 'sales02', 'pending'),
];

/** The demo's portal accounts (README, demo tour): a mobile number and an e-mail, password DEMO_PASSWORDS.portal. */
export const PORTAL_DEMO_ACCOUNTS = [
  { companyName: '深圳市星河电子有限公司', account: '13800000001' },
  { companyName: '杭州云帆进出口有限公司', account: 'zhoumin@yunfan.example.com' },
] as const;

/** When each story's customer is added (days before the present). */
const ADDED: Record<Story, number> = { pool: 320, claimed: 320, idle: 262, active: 118, protected: 118, rejected: 12, pending: 3 };
/** The day the pool's daily run takes the customers idle since before six months earlier. */
export const POOL_RUN_DAYS_AGO = 100;

/** The customers who place orders through the story. */
export const ordering = () => CUSTOMERS.filter((customer) => customer.weight > 0);
/** The customers whose last orders are older than six months (one old order each). */
export const idle = () => CUSTOMERS.filter((customer) => customer.story === 'idle');

/** Plans each customer's life: added, reviewed, protected, fallen into the pool, claimed. */
export function planCustomers(ctx: DemoContext): void {
  const customers = ctx.get(CustomersService);
  for (const [i, customer] of CUSTOMERS.entries()) {
    const added = ADDED[customer.story] + (i % 4);
    ctx.schedule(ctx.moment(added, 9.5 + (i % 6)), `add customer ${customer.companyName}`, () =>
      ctx.as(customer.owner, async (owner) => {
        const row = await customers.add(
          {
            companyName: customer.companyName,
            contactName: customer.contactName,
            mobile: `139${String(10_000_000 + i * 7_654_321).slice(0, 8)}`,
            email: `info${i + 1}@demo-customer.example.com`,
            address: `${customer.city}市工业大道 ${100 + i * 7} 号`,
            country: '中国',
            source: customer.source,
            level: customer.level,
          },
          owner,
        );
        customer.id = row.id;
      }),
    );
    if (customer.story === 'pending') continue;
    const approved = customer.story !== 'rejected';
    ctx.schedule(ctx.moment(added - 1, 15), `review customer ${customer.companyName}`, () =>
      ctx.as('admin', async (admin) => {
        const row = await ctx.prisma.customer.findUniqueOrThrow({ where: { id: customer.id }, select: { ver: true } });
        await customers.check(
          { id: customer.id!, ver: row.ver, approved, remark: approved ? null : '营业执照信息不全，请补充统一社会信用代码后重新提交' },
          admin,
        );
      }),
    );
    if (customer.story === 'protected' || customer.story === 'idle') {
      ctx.schedule(ctx.moment(customer.story === 'idle' ? 20 : 30 + (i % 5) * 6, 11), `protect customer ${customer.companyName}`, () =>
        ctx.as(customer.owner, async (owner) => {
          const row = await ctx.prisma.customer.findUniqueOrThrow({ where: { id: customer.id }, select: { ver: true } });
          await customers.protect({ id: customer.id!, ver: row.ver, protect: true }, owner);
        }),
      );
    }
  }
  // two customers bind portal accounts (docs/portal.md) with a code their salesman hands out: the demo's
  // published portal password (README, demo tour), set only here, in demo mode
  for (const [i, account] of PORTAL_DEMO_ACCOUNTS.entries()) {
    const customer = CUSTOMERS.find((c) => c.companyName === account.companyName)!;
    ctx.schedule(ctx.moment(60 - i * 7, 16), `portal account of ${customer.companyName}`, () =>
      ctx.as(customer.owner, async (owner) => {
        const { bind_code } = await ctx.get(CustomerWechatService).issueBindCode(customer.id!, owner, 'http://localhost');
        await ctx
          .get(PortalAccountsService)
          .bindWith(
            { bindCode: bind_code, name: customer.contactName, account: account.account, password: DEMO_PASSWORDS.portal },
            { ip: '127.0.0.1', userAgent: 'demo data' },
          );
      }),
    );
  }
  // the daily pool run (a job of the server, no one's request) on the story's first day
  ctx.schedule(ctx.moment(POOL_RUN_DAYS_AGO, 3), 'public pool run', () => ctx.get(CustomerPoolService).releaseIdle());
  const claimed = CUSTOMERS.find((customer) => customer.story === 'claimed')!;
  ctx.schedule(ctx.moment(30, 14), `claim customer ${claimed.companyName}`, () =>
    ctx.as('sales02', (sales) => ctx.get(CustomerPoolService).claim(claimed.id!, sales)),
  );
}
