import { Writable } from 'node:stream';
import { createTestApp, DEMO, fieldErrors, login, NEW_REQUEST_ID, requestAs, type Session, type TestApp } from './app.js';

/** What the server logged, one parsed JSON line each (its stdout replaced by this stream). */
const lines: Record<string, unknown>[] = [];
const logTo = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
    done();
  },
});
const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

describe('request ids (X-Request-Id) and the server log', () => {
  let t: TestApp;
  let admin: Session;
  let salesman: Session;
  beforeAll(async () => {
    t = await createTestApp({}, {}, { logTo });
    admin = await login(t, ...DEMO.admin);
    salesman = await login(t, ...DEMO.salesman);
  });
  afterAll(() => t.close());

  const list = (kind: 'request' | 'error', body: object) => requestAs(t, admin).post(`/api/v1/log/${kind}/list`).send(body);

  it('answers a new id in X-Request-Id on every answer: API, refusals, files, tracking page, hub', async () => {
    const answers = await Promise.all([
      t.http().get('/api/v1/login/initialize').expect(200),
      t.http().get('/api/v1/no/such/thing').expect(404),
      t.http().get('/files/2026/11/x.png').expect(403),
      t.http().get('/t/no-such-token').expect(404),
      t.http().post('/chathub/negotiate?negotiateVersion=1').expect(401),
      t.http().get('/api/health/live').expect(200),
    ]);
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(NEW_REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
    // the refusal's envelope carries the same id, for the user to quote
    expect(answers[1].body.requestId).toBe(ids[1]);
    // a line each at info, but for the health probe, polled by machines (debug)
    expect(ids.map((id) => linesOf(id).length)).toEqual([1, 1, 1, 1, 1, 0]);
  });

  it('keeps a sane incoming id and replaces any other', async () => {
    const sent = async (id: string) => (await t.http().get('/api/v1/login/initialize').set('X-Request-Id', id).expect(200)).headers['x-request-id'];
    expect(await sent('edge-7f3a.b_9')).toBe('edge-7f3a.b_9');
    expect(await sent('x'.repeat(64))).toBe('x'.repeat(64));
    for (const insane of ['x'.repeat(65), 'a b', '<script>', 'id;drop', '']) expect(await sent(insane)).toMatch(NEW_REQUEST_ID);
  });

  it("keeps a failed request's id with its request log row and its exception log row, where the log lists find them by it", async () => {
    const requestId = 'support-case-500';
    await t.prisma.base.$executeRawUnsafe('alter table ship_type rename to ship_type_gone');
    try {
      const res = await requestAs(t, salesman).post('/api/v1/order/enum/shipType').set('X-Request-Id', requestId).expect(500);
      expect(res.headers['x-request-id']).toBe(requestId);
      expect(res.body).toEqual({ success: false, code: 500, message: '服务器错误，请稍后重试', data: null, requestId });
    } finally {
      await t.prisma.base.$executeRawUnsafe('alter table ship_type_gone rename to ship_type');
    }
    // another request, another id: the filter keeps only the one asked for
    await requestAs(t, salesman).post('/api/v1/order/enum/shipType').expect(200);
    await t.flushAudit();

    const requests = (await list('request', { requestId }).expect(200)).body.data;
    expect(requests.items).toEqual([
      expect.objectContaining({ requestId, method: 'POST', path: '/api/v1/order/enum/shipType', status: 500, userId: salesman.userid }),
    ]);
    const errors = (await list('error', { requestId: ` ${requestId} ` }).expect(200)).body.data;
    expect(errors.items).toEqual([expect.objectContaining({ requestId, route: '/api/v1/order/enum/shipType', userId: salesman.userid })]);
    const detail = await requestAs(t, admin).get(`/api/v1/log/error/detail/${errors.items[0].id}`).expect(200);
    expect(detail.body.data).toMatchObject({ requestId, stack: expect.any(String) });
    expect((await list('request', { requestId: 'never-sent' }).expect(200)).body.data.items).toEqual([]);
  });

  it('refuses a request id filter that no request could have', async () => {
    for (const kind of ['request', 'error'] as const) {
      const res = await list(kind, { requestId: 'a b' }).expect(400);
      expect(fieldErrors(res)).toEqual({ requestId: ['请求编号为 1 到 64 个字母、数字或 . _ -'] });
    }
    expect((await list('error', { requestId: '' }).expect(200)).body.success).toBe(true);
  });

  it("writes one JSON line per request with its id, method, path, status, duration and user, and the exception's line with the same id", async () => {
    const requestId = 'trace-line-1';
    await t.prisma.base.$executeRawUnsafe('alter table ship_type rename to ship_type_gone');
    try {
      await requestAs(t, salesman).post('/api/v1/order/enum/shipType').set('X-Request-Id', requestId).expect(500);
    } finally {
      await t.prisma.base.$executeRawUnsafe('alter table ship_type_gone rename to ship_type');
    }
    const [exception, request] = linesOf(requestId);
    expect(request).toMatchObject({
      level: 'error',
      requestId,
      req: { method: 'POST', path: '/api/v1/order/enum/shipType', ip: '127.0.0.1' },
      status: 500,
      userId: salesman.userid,
      msg: expect.stringMatching(/^POST \/api\/v1\/order\/enum\/shipType 500 \d+ms$/),
    });
    expect(request.durationMs).toEqual(expect.any(Number));
    expect(exception).toMatchObject({ level: 'error', context: 'Audit', requestId, err: { stack: expect.stringContaining('ship_type') } });
    expect(typeof exception.time).toBe('string');
  });

  it('logs no password, token, cookie or secret of the path or query string', async () => {
    const requestId = 'trace-secrets';
    await requestAs(t, salesman)
      .post('/api/v1/login/modifyPwd?access_token=query-secret-1')
      .set('X-Request-Id', requestId)
      .set('Cookie', 'session=cookie-secret-2')
      .send({ oldPassword: 'body-secret-3', newPassword: '1' })
      .expect(400);
    const tracking = await t.http().get('/t/tracking-secret-4?lang=en').expect(404);
    const [request] = linesOf(requestId);
    expect(request).toMatchObject({ level: 'warn', req: { method: 'POST', path: '/api/v1/login/modifyPwd' }, status: 400, userId: salesman.userid });
    expect(linesOf(tracking.headers['x-request-id'])).toEqual([expect.objectContaining({ req: expect.objectContaining({ path: '/t/******' }), status: 404 })]);
    const written = JSON.stringify(lines);
    for (const secret of ['query-secret-1', 'cookie-secret-2', 'body-secret-3', 'tracking-secret-4', salesman.token, salesman.refreshToken]) {
      expect(written).not.toContain(secret);
    }
  });
});
