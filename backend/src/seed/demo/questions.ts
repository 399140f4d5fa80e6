import { NoticeService } from '../../admin/notice/notice.service.js';
import { QuestionsService } from '../../questions/questions.service.js';
import type { Actor, DemoContext } from './context.js';

/** Questions staff asked on the forum (days ago), with the answers they got (a question without answers is open). */
const QUESTIONS: { daysAgo: number; author: Actor; title: string; content: string; answers: [Actor, string][] }[] = [
  {
    daysAgo: 84,
    author: 'sales01',
    title: '带电产品（蓝牙耳机）可以走小包专线吗？',
    content: '客户有一批蓝牙耳机，内置锂电池，想走小包专线到洛杉矶，需要提供哪些资料？',
    answers: [
      ['op01', '可以走，需要提供 MSDS 和 UN38.3 测试报告，外箱贴锂电池标识。'],
      ['admin', '补充：单件电池容量超过 100Wh 的不能走小包，请走专线。'],
    ],
  },
  {
    daysAgo: 61,
    author: 'cs01',
    title: '客户查询轨迹时提示“无此单号”怎么处理？',
    content: '客户在小程序里输入订单号查不到轨迹，单号确认无误。',
    answers: [['admin', '请确认客户已绑定到该客户编号；订单号区分线路前缀（SB/DL/AT），大小写不敏感。']],
  },
  {
    daysAgo: 45,
    author: 'sales02',
    title: '专线到汉堡的报价什么时候更新？',
    content: '欧洲线的客户在问下个月的价格，目前系统里的报价有效期到什么时候？',
    answers: [['fin01', '现行报价有效至季度末，新报价会提前一周录入系统。']],
  },
  {
    daysAgo: 30,
    author: 'op01',
    title: '海关查验的订单如何在系统里标记？',
    content: '有一票货被海关查验，需要暂停后续操作，应该用异常还是扣货？',
    answers: [['admin', '用“扣货”，原因写明查验情况；放行后撤销扣货，订单继续流转。']],
  },
  {
    daysAgo: 9,
    author: 'sales01',
    title: '客户要求拆分付款，缴款单怎么登记？',
    content: '同一票运费客户分两次付款，是登记两张缴款单吗？',
    answers: [],
  },
  {
    daysAgo: 2,
    author: 'cs01',
    title: '派送预约失败的订单需要在哪里备注？',
    content: '收货人连续两天联系不上，派送预约失败，这种情况记录在哪里比较合适？',
    answers: [],
  },
];

/** Notices the administrator published (days ago), and one still a draft. */
const NOTICES: { daysAgo: number; title: string; content: string; publish: boolean }[] = [
  {
    daysAgo: 88,
    title: '关于启用新版货代业务系统的通知',
    content: '<p>各位同事：新版业务系统已上线，订单、客户、财务均在系统内办理。使用问题请在“问题”栏目提问。</p>',
    publish: true,
  },
  { daysAgo: 40, title: '国庆假期船期及仓库安排', content: '<p>假期间仓库正常收货，<strong>截关时间提前一天</strong>，请提前通知客户。</p>', publish: true },
  { daysAgo: 6, title: '本月起缴款单须上传银行回单', content: '<p>自本月起，登记缴款单时请上传银行回单或付款截图，财务据此审核。</p>', publish: true },
  { daysAgo: 1, title: '年终客户答谢会筹备（草稿）', content: '<p>时间、地点待定。</p>', publish: false },
];

/** Plans the questions forum and the notices. */
export function planQuestions(ctx: DemoContext): void {
  const questions = ctx.get(QuestionsService);
  for (const [i, question] of QUESTIONS.entries()) {
    const record: { id?: number } = {};
    ctx.schedule(ctx.moment(question.daysAgo, 10 + i), `question ${i + 1}`, () =>
      ctx.as(question.author, async (user) => {
        record.id = (await questions.add({ title: question.title, content: question.content }, user)).id;
      }),
    );
    for (const [j, [author, content]] of question.answers.entries()) {
      ctx.schedule(ctx.moment(question.daysAgo - j, 15 + i * 0.1), `answer ${i + 1}.${j + 1}`, () =>
        ctx.as(author, (user) => questions.addAnswer(record.id!, { content }, user)),
      );
    }
  }
  const notices = ctx.get(NoticeService);
  for (const [i, notice] of NOTICES.entries()) {
    ctx.schedule(ctx.moment(notice.daysAgo, 9), `notice ${i + 1}`, () =>
      ctx.as('admin', async (admin) => {
        const added = await notices.add({ title: notice.title, content: notice.content, audience: 'all' }, admin.userId);
        if (notice.publish) await notices.publish(added.id);
      }),
    );
  }
}

export const QUESTION_COUNT = QUESTIONS.length;
