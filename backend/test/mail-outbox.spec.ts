import { SchedulerRegistry } from '@nestjs/schedule';
import { SMTPServer } from 'smtp-server';
import { AuditService } from '../src/audit/audit.service.js';
import { PublicTrackingService } from '../src/orders/public-tracking/public-tracking.service.js';
import { MAIL_LEASE_MS, MailSenderService, retryDelayMs } from '../src/notifications/mail-sender.service.js';
import { FORBIDDEN, getData, requestAs, setParameter, useTestApp, type Session, type TestApp } from './app.js';
import { addCustomer, CONTACT, MOVABLE_ORDER, orderFixture, type Line, type OrderRow } from './order-fixtures.js';

/** A mail as the in-process SMTP server received it. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server in the test's process (smtp-server): what arrives is kept; `refuse` makes the next
 * recipients be refused with a temporary error (a failing server).
 */
function testSmtp() {
  const received: Received[] = [];
  const state = { refuse: 0, port: 0 };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, done) => done(null, { user: auth.username }),
    onRcptTo: (_address, _session, done) => {
      if (state.refuse > 0) {
        state.refuse--;
        return done(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
      }
      done();
    },
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  return {
    received,
    state,
    start: () =>
      new Promise<void>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          state.port = (server.server.address() as { port: number }).port;
          resolve();
        });
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a received mail, its encoded words decoded (nodemailer encodes non-ASCII subjects). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text.replace(/_/g, ' ')),
    );
}
const decodeQ = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
/** The text part of a received mail (nodemailer writes it quoted-printable or base64). */
function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQ(body.replace(/=\r?\n/g, ''));
  return body;
}

type Fixture = Awaited<ReturnType<typeof orderFixture>>;

/** The outbox rows of an order, oldest first. */
const outboxOf = (t: TestApp, orderId: number) => t.prisma.db.mailOutbox.findMany({ where: { orderId }, orderBy: { id: 'asc' } });

describe('milestone e-mails through SMTP', () => {
  const smtp = testSmtp();
  const overrides: { smtpUrl?: string; publicBaseUrl: string } = { publicBaseUrl: 'https://track.example.com' };
  beforeAll(async () => {
    await smtp.start();
    // the password is in the URL, as an installation would give it
    overrides.smtpUrl = `smtp://mailer:s3cret-pw@127.0.0.1:${smtp.state.port}`;
  });
  afterAll(() => smtp.stop());
  const { t } = useTestApp({}, overrides);
  const fx = {} as Fixture;
  let chinese: number, english: number, optedOut: number, noAddress: number;
  beforeAll(async () => {
    // the demo data's moves queued mails of their own: not this suite's
    await t.prisma.db.mailOutbox.deleteMany();
    Object.assign(fx, await orderFixture(t));
    chinese = await addCustomer(t, fx.admin, fx.sales, { companyName: '邮件客户甲', ...CONTACT, email: 'jia@example.com' });
    english = await addCustomer(t, fx.admin, fx.sales, {
      companyName: 'Mail Customer GmbH',
      ...CONTACT,
      contactName: 'Hans',
      email: 'hans@example.de',
      country: 'Germany',
    });
    optedOut = await addCustomer(t, fx.admin, fx.sales, { companyName: '不收邮件公司', ...CONTACT, email: 'no@example.com', acceptEmail: false });
    noAddress = await addCustomer(t, fx.admin, fx.sales, { companyName: '无邮箱公司', ...CONTACT });
  });
  const sender = () => t.app.get(MailSenderService);
  const orderOf = (customerId: number, line: Line = 'dedicatedline'): Promise<OrderRow> => fx.addOrder(line, { ...MOVABLE_ORDER, customerId });
  const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('sends one e-mail per milestone reached, in the customer’s language, the stage in the line’s words, with a tracking link that opens', async () => {
    const order = await orderOf(chinese);
    await fx.moveTo(order, 'sail');
    // the default milestones: 入仓 and 开船 of the stages passed (not 准备装柜, 完成装柜, 报关)
    expect((await outboxOf(t, order.id)).map((row) => [row.stage, row.status, row.recipient, row.language])).toEqual([
      ['warehouse', 'queued', 'jia@example.com', 'zh'],
      ['sail', 'queued', 'jia@example.com', 'zh'],
    ]);
    expect(await sender().drain()).toMatchObject({ sent: 2, retrying: 0, failed: 0 });
    const mails = to('jia@example.com');
    expect(mails.map((mail) => header(mail.raw, 'Subject'))).toEqual([
      `【货代业务管理系统】订单 ${order.orderNo}：已入仓`,
      `【货代业务管理系统】订单 ${order.orderNo}：已开船`,
    ]);
    expect(mails[0].from).toBe('noreply@localhost');
    const text = bodyOf(mails[1].raw);
    expect(text).toContain('王五，您好');
    expect(text).toContain(`订单号：${order.orderNo}`);
    expect(text).toContain('当前节点：已开船');
    // the link is minted as the mail is sent (the stored text has only its mark) and opens the order's public page
    const link = /https:\/\/track\.example\.com\/t\/([A-Za-z0-9_-]{22})/.exec(text);
    expect(link).not.toBeNull();
    expect((await outboxOf(t, order.id)).every((row) => !row.body.includes(link![1]) && row.body.includes('{{trackingLink}}'))).toBe(true);
    const page = await t.http().get(`/t/${link![1]}`).expect(200);
    expect(page.text).toContain(order.orderNo);
    expect((await outboxOf(t, order.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('writes in English for a foreign customer, in the air line’s own words', async () => {
    const order = await orderOf(english, 'airtransport');
    await fx.moveTo(order, 'sail');
    await sender().drain();
    const subjects = to('hans@example.de').map((mail) => header(mail.raw, 'Subject'));
    expect(subjects).toEqual([`[Forwarder Back Office] Order ${order.orderNo}: In warehouse`, `[Forwarder Back Office] Order ${order.orderNo}: Departed`]);
    const text = bodyOf(to('hans@example.de')[1].raw);
    expect(text).toContain('Dear Hans,');
    expect(text).toContain('Status: Departed');
    expect(text).toContain('Track the shipment: https://track.example.com/t/');
  });

  it('sends a milestone once: an order moved back and forward again queues no second mail', async () => {
    const order = await orderOf(chinese);
    await fx.moveTo(order, 'warehouse');
    await sender().drain();
    const before = to('jia@example.com').length;
    const detail = await fx.detail(order.id);
    await requestAs(t, fx.admin).post(`/api/v1/order/demotion/${order.id}`).send({ reason: '重新称重', ver: detail.ver }).expect(200);
    await fx.moveTo(order, 'warehouse');
    await sender().drain();
    expect(to('jia@example.com').length).toBe(before);
    expect((await outboxOf(t, order.id)).map((row) => row.stage)).toEqual(['warehouse']);
  });

  it('queues nothing for a customer who opted out or has no address, nor for a stage not picked', async () => {
    const count = smtp.received.length;
    const [out, none] = [await orderOf(optedOut), await orderOf(noAddress)];
    await fx.moveTo(out, 'sail');
    await fx.moveTo(none, 'sail');
    expect(await outboxOf(t, out.id)).toEqual([]);
    expect(await outboxOf(t, none.id)).toEqual([]);
    await setParameter(t, fx.admin, 'mail.milestones', ['completeDelivery']);
    try {
      const order = await orderOf(chinese);
      await fx.moveTo(order, 'sail');
      expect(await outboxOf(t, order.id)).toEqual([]);
    } finally {
      await requestAs(t, fx.admin).post('/api/v1/deploy/reset/mail.milestones').expect(200);
    }
    await sender().drain();
    expect(smtp.received.length).toBe(count);
  });

  it('retries a failing SMTP server with exponential backoff, then sends', async () => {
    const order = await orderOf(chinese);
    await fx.moveTo(order, 'warehouse');
    smtp.state.refuse = 2;
    const now = Date.now();
    expect(await sender().drain(new Date(now))).toMatchObject({ sent: 0, retrying: 1 });
    let [row] = await outboxOf(t, order.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toContain('mailbox busy');
    expect(row.nextAttemptAt.getTime()).toBe(now + retryDelayMs(1));
    // not due yet: nothing is tried
    expect(await sender().drain(new Date(now + 1000))).toEqual({ sent: 0, retrying: 0, failed: 0, unsent: 0 });
    expect(await sender().drain(new Date(now + retryDelayMs(1)))).toMatchObject({ retrying: 1 });
    [row] = await outboxOf(t, order.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(now + retryDelayMs(1) + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    const before = to('jia@example.com').length;
    expect(await sender().drain(new Date(now + retryDelayMs(1) + retryDelayMs(2)))).toMatchObject({ sent: 1 });
    [row] = await outboxOf(t, order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(to('jia@example.com').length).toBe(before + 1);
  });

  it('sends each mail once when two senders (two server instances) run at the same moment', async () => {
    const orders = await Promise.all([orderOf(chinese), orderOf(chinese), orderOf(chinese)]);
    for (const order of orders) await fx.moveTo(order, 'sail');
    // a second sender as another instance has it: its own process state, the same database
    const other = new MailSenderService(t.prisma, t.app.get(PublicTrackingService), t.app.get(AuditService), t.app.get(SchedulerRegistry), t.config);
    const before = to('jia@example.com').length;
    const [mine, theirs] = await Promise.all([sender().drain(), other.drain()]);
    expect(mine.sent + theirs.sent).toBe(6);
    expect(to('jia@example.com').length).toBe(before + 6);
    const ids = to('jia@example.com')
      .slice(before)
      .map((mail) => header(mail.raw, 'X-Forwarder-Mail'));
    expect(new Set(ids).size).toBe(6);
  });

  it('sends a mail whose sender died mid-send once its claim’s lease ends (a restart loses nothing)', async () => {
    const order = await orderOf(chinese);
    await fx.moveTo(order, 'warehouse');
    const now = Date.now();
    // as a process leaves it when it dies between its claim and the answer of the SMTP server
    await t.prisma.db.mailOutbox.updateMany({
      where: { orderId: order.id },
      data: { status: 'sending', attempts: 1, nextAttemptAt: new Date(now + MAIL_LEASE_MS) },
    });
    const before = to('jia@example.com').length;
    expect(await sender().drain(new Date(now + 1000))).toEqual({ sent: 0, retrying: 0, failed: 0, unsent: 0 });
    expect(await sender().drain(new Date(now + MAIL_LEASE_MS))).toMatchObject({ sent: 1 });
    expect(to('jia@example.com').length).toBe(before + 1);
    expect((await outboxOf(t, order.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives a mail up after five attempts; the outbox screen shows it and sends it again', async () => {
    const order = await orderOf(chinese);
    await fx.moveTo(order, 'warehouse');
    smtp.state.refuse = 5;
    let at = Date.now();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await sender().drain(new Date(at));
      at += retryDelayMs(attempt);
    }
    const [row] = await outboxOf(t, order.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });

    const list = await requestAs(t, fx.admin).post('/api/v1/log/mail/list').send({ status: 'failed', text: order.orderNo }).expect(200);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ id: row.id, status: 'failed', recipient: 'jia@example.com', orderNo: order.orderNo, stage: 'warehouse', attempts: 5 }),
    ]);
    const detail = await getData(t, fx.admin, `/api/v1/log/mail/detail/${row.id}`);
    expect(detail.body).toContain('货物跟踪：（跟踪链接在发送时生成）');
    expect(detail.sender).toBe('货代业务管理系统 <noreply@localhost>');

    const retried = await requestAs(t, fx.admin).post(`/api/v1/log/mail/retry/${row.id}`).expect(200);
    expect(retried.body).toMatchObject({ message: '已重新加入发送队列', data: { status: 'queued', attempts: 0 } });
    const before = to('jia@example.com').length;
    await sender().drain();
    expect(to('jia@example.com').length).toBe(before + 1);
    // a sent mail is not sent again by hand
    const again = await requestAs(t, fx.admin).post(`/api/v1/log/mail/retry/${row.id}`).expect(400);
    expect(again.body.message).toBe('只有发送失败或未发送的邮件可以重新发送');
    await requestAs(t, fx.admin).post('/api/v1/log/mail/retry/999999').expect(404);
  });

  it('keeps the outbox to holders of log:mail', async () => {
    const [row] = await t.prisma.db.mailOutbox.findMany({ take: 1 });
    const sales: Session = fx.sales;
    for (const call of [
      requestAs(t, sales).post('/api/v1/log/mail/list').send({}),
      requestAs(t, sales).get(`/api/v1/log/mail/detail/${row.id}`),
      requestAs(t, sales).post(`/api/v1/log/mail/retry/${row.id}`),
    ]) {
      const res = await call.expect(403);
      expect(res.body.message).toBe(FORBIDDEN);
    }
    await requestAs(t, fx.admin).post('/api/v1/log/mail/list').send({ status: 'lost' }).expect(400);
  });
});

describe('milestone e-mails without SMTP_URL', () => {
  const { t } = useTestApp();
  it('keeps them in the outbox as not sent (nothing leaves the machine), to be sent again later', async () => {
    await t.prisma.db.mailOutbox.deleteMany();
    const fx = await orderFixture(t);
    const customerId = await addCustomer(t, fx.admin, fx.sales, { companyName: '无 SMTP 客户', ...CONTACT, email: 'wait@example.com' });
    const order = await fx.addOrder('smallbag', { ...MOVABLE_ORDER, customerId });
    await fx.moveTo(order, 'warehouse');
    expect(await t.app.get(MailSenderService).drain()).toEqual({ sent: 0, retrying: 0, failed: 0, unsent: 1 });
    const [row] = await outboxOf(t, order.id);
    expect(row).toMatchObject({ status: 'unsent', attempts: 0, lastError: 'Not sent: no SMTP configured (SMTP_URL)', sentAt: null });
    const shown = await requestAs(t, fx.admin).post('/api/v1/log/mail/list').set('Accept-Language', 'en').send({ status: 'unsent' }).expect(200);
    expect(shown.body.data.items.map((item: { id: number }) => item.id)).toContain(row.id);
    await requestAs(t, fx.admin).post(`/api/v1/log/mail/retry/${row.id}`).expect(200);
    expect((await outboxOf(t, order.id))[0].status).toBe('queued');
    // still no SMTP: back to unsent, never lost
    await t.app.get(MailSenderService).drain();
    expect((await outboxOf(t, order.id))[0].status).toBe('unsent');
  });
});
