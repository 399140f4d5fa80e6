// The public tracking link of an order (docs/order-documents.md, Tracking link): made with the order,
// renewed and revoked by staff who may edit it, and the page at /t/{token} that shows one shipment to
// anyone holding the link, and nothing internal.
import { storedId } from '../src/common/stored-id.js';
import { getData, requestAs, setParameter, useTestApp } from './app.js';
import { MOVABLE_ORDER, orderFixture, useOrderFixture, type OrderRow } from './order-fixtures.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

interface Link {
  orderId: number;
  token: string;
  url: string | null;
  revoked: boolean;
  views: number;
}

describe('order tracking links and the public tracking page', () => {
  const { t, fx, admin, sales, op } = useOrderFixture(['order:list', 'order:detail', 'order:add', 'order:modify']);
  const linkOf = (order: OrderRow, by = admin): Promise<Link> => getData(t, by, `/api/v1/order/tracking/${order.id}`);
  const page = (token: string, lang?: string) => {
    const call = t.http().get(`/t/${token}`);
    return lang ? call.set('Accept-Language', lang) : call;
  };

  it('gives every new order a link of 132 random bits, unguessable, printed only with PUBLIC_BASE_URL', async () => {
    const [a, b] = [await fx.addOrder(), await fx.addOrder()];
    const [linkA, linkB] = [await linkOf(a), await linkOf(b)];
    expect(linkA.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(linkA.token).not.toBe(linkB.token);
    expect(linkA).toMatchObject({ orderId: a.id, url: null, revoked: false, views: 0 });
  });

  it('keeps no token in the database: only its SHA-256, and a nonce no token can be made from without the server key', async () => {
    const order = await fx.addOrder();
    const { token } = await linkOf(order);
    const [row] = await t.prisma.base.$queryRaw<Record<string, unknown>[]>`select * from order_tracking_link where order_id = ${order.id}`;
    expect(Object.values(row)).not.toContain(token);
    expect(row).toMatchObject({ token_hash: storedId(token), legacy_token_hash: null });
    // shown again, the same link
    expect((await linkOf(order)).token).toBe(token);
    await page(token).expect(200);
  });

  it('a link made before tokens were derived, printed on labels, keeps working until it is renewed', async () => {
    const order = await fx.addOrder();
    const printed = 'Legacy_Token-printed01';
    await t.prisma.db.orderTrackingLink.update({ where: { orderId: order.id }, data: { legacyTokenHash: storedId(printed) } });
    await page(printed).expect(200);
    await requestAs(t, admin).post(`/api/v1/order/tracking/renew/${order.id}`).expect(200);
    await page(printed).expect(404);
  });

  it('shows the shipment to anyone with the link, in Chinese or English, and counts each view', async () => {
    const order = await fx.moveTo(await fx.addOrder('dedicatedline', MOVABLE_ORDER), 'warehouse');
    await requestAs(t, op).post('/api/v1/order/track/insert').send({ orderId: order.id, content: '货物已到达深圳仓库', location: '深圳' }).expect(200);
    const { token } = await linkOf(order);
    const zh = await page(token).expect(200);
    expect(zh.headers['content-type']).toMatch(/^text\/html/);
    expect(zh.headers['cache-control']).toBe('no-store');
    expect(zh.text).toContain(order.orderNo);
    expect(zh.text).toContain('订单已创建');
    expect(zh.text).toMatch(/进入“[^”]+”/);
    expect(zh.text).toContain('货物已到达深圳仓库');
    expect(zh.text).toContain('CNSHA');
    expect(zh.text).toContain('DEHAM');
    // newest first, the time zone named
    expect(zh.text.indexOf('货物已到达深圳仓库')).toBeLessThan(zh.text.indexOf('订单已创建'));
    expect(zh.text).toContain('最新在前，时间为北京时间（UTC+8）');
    const en = await page(token, 'en-US,en;q=0.9').expect(200);
    expect(en.text).toContain('Shipment tracking');
    expect(en.text).toContain('Order created');
    expect(en.text).toContain('times in China Standard Time (UTC+8)');
    const switched = await t.http().get(`/t/${token}?lang=zh`).set('Accept-Language', 'en').expect(200);
    expect(switched.text).toContain('货物跟踪');
    expect((await linkOf(order)).views).toBe(3);
  });

  it('shows nothing internal: no customer, salesman, money or the reasons staff typed', async () => {
    const order = await fx.addOrder('dedicatedline', { freight: 1234.5, remark: '内部备注：客户付款慢' });
    await fx.hold(order);
    const { token } = await linkOf(order);
    const text = (await page(token).expect(200)).text;
    expect(text).toContain('暂停处理');
    for (const secret of ['货物测试公司', '销售', '1234.5', '内部备注', '货物破损', 'ACME']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/<script/i);
  });

  it('shows only the dates the stages stamped: none typed into an order still registered, none left from before a demotion', async () => {
    const order = await fx.addOrder('dedicatedline', MOVABLE_ORDER);
    const { token } = await linkOf(order);
    const eta = '2027-01-15T04:00:00.000Z';
    await requestAs(t, op).post('/api/v1/order/all/update').send({ id: order.id, ver: order.ver, eta }).expect(200);
    const refused = await requestAs(t, op)
      .post('/api/v1/order/all/update')
      .send({ id: order.id, ver: order.ver + 1, deliveredAt: '2026-01-02T00:00:00.000Z' });
    expect(refused.status).toBe(400);
    // a stamp already in the row (an older install, a direct write) is not shown before its move either
    await t.prisma.db.order.update({
      where: { id: order.id },
      data: { arrivedAt: new Date('2026-01-01T00:00:00Z'), deliveredAt: new Date('2026-01-02T00:00:00Z') },
    });
    const registered = (await page(token).expect(200)).text;
    expect(registered).toContain('预计到港');
    for (const stamp of ['<dt>到港</dt>', '<dt>已派送</dt>']) expect(registered).not.toContain(stamp);
    const delivered = await fx.moveTo(order, 'completeDelivery');
    expect(delivered.deliveredAt).toEqual(expect.any(String));
    const shown = (await page(token).expect(200)).text;
    for (const stamp of ['<dt>到港</dt>', '<dt>已派送</dt>']) expect(shown).toContain(stamp);
    await requestAs(t, admin).post(`/api/v1/order/demotion/${order.id}`).send({ reason: '误操作', ver: delivered.ver }).expect(200);
    const demoted = (await page(token).expect(200)).text;
    expect(demoted).toContain('<dt>到港</dt>');
    expect(demoted).not.toContain('<dt>已派送</dt>');
  });

  it('says that a voided order is voided', async () => {
    const order = await fx.addOrder();
    await fx.voidOrder(order);
    const text = (await page((await linkOf(order)).token).expect(200)).text;
    expect(text).toContain('此订单已作废');
    expect(text).not.toContain('客户取消');
  });

  it('answers one and the same "not found" for a revoked, a renewed-away, an unknown and a malformed token', async () => {
    const order = await fx.addOrder();
    const first = await linkOf(order);
    const revoked = (await requestAs(t, op).post(`/api/v1/order/tracking/revoke/${order.id}`).expect(200)).body.data as Link;
    expect(revoked).toMatchObject({ token: first.token, revoked: true });
    const notFound = (await page(first.token).expect(404)).text;
    const renewed = (await requestAs(t, op).post(`/api/v1/order/tracking/renew/${order.id}`).expect(200)).body.data as Link;
    expect(renewed.revoked).toBe(false);
    expect(renewed.token).not.toBe(first.token);
    await page(renewed.token).expect(200);
    expect((await page(first.token).expect(404)).text).toBe(notFound);
    expect((await page('A'.repeat(22)).expect(404)).text).toBe(notFound);
    for (const malformed of ['x', `${renewed.token}x`, '..%2f..%2fetc', "a'or'1'='1aaaaaaaaaaaa"])
      expect((await page(malformed).expect(404)).text).toBe(notFound);
  });

  it('lets only staff who may edit an order in their scope renew or revoke its link', async () => {
    const foreign = await fx.addOrder('dedicatedline', {}, true);
    await requestAs(t, sales).get(`/api/v1/order/tracking/${foreign.id}`).expect(404);
    await requestAs(t, sales).post(`/api/v1/order/tracking/revoke/${foreign.id}`).expect(404);
    await requestAs(t, fx.cs).post(`/api/v1/order/tracking/renew/${foreign.id}`).expect(403);
    await t.http().get(`/api/v1/order/tracking/${foreign.id}`).expect(401);
  });

  it('limits the page per client address', async () => {
    const { token } = await linkOf(await fx.addOrder());
    await setParameter(t, admin, 'security.publicPerIpPerMinute', 5);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await page(token)).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(5);
    await setParameter(t, admin, 'security.publicPerIpPerMinute', 60);
  });
});

describe('package labels with PUBLIC_BASE_URL configured', () => {
  const { t } = useTestApp({}, { publicBaseUrl: 'https://track.example.com' });
  let fx: Awaited<ReturnType<typeof orderFixture>>;
  beforeAll(async () => {
    fx = await orderFixture(t);
  }, 120_000);

  it("prints each package's tracking link, and the link with the package number in its QR code; a revoked link is not printed", async () => {
    const order = await fx.addOrder('dedicatedline', MOVABLE_ORDER);
    const { token, url } = await getData(t, fx.admin, `/api/v1/order/tracking/${order.id}`);
    expect(url).toBe(`https://track.example.com/t/${token}`);
    const labelLine = async (n: number) => {
      const res = await requestAs(t, fx.admin)
        .post('/api/v1/order/label/export')
        .send({ orderNos: [order.orderNo] })
        .expect(200);
      expect(res.headers['x-label-notice']).toBeUndefined();
      return res.text.split('\r\n')[n].split('\t').slice(-2);
    };
    expect(await labelLine(1)).toEqual([url, `${url}?p=${order.orderNo}-1`]);
    expect(await labelLine(3)).toEqual([url, `${url}?p=${order.orderNo}-3`]);
    await requestAs(t, fx.op).post(`/api/v1/order/tracking/revoke/${order.id}`).expect(200);
    expect(await labelLine(1)).toEqual(['', `${order.orderNo}-1`]);
  });
});
