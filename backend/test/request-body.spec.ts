import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth, createTestApp, DEMO, login, refusal, requestAs, useTestApp } from './app.js';

/** JSON nesting `levels` objects deep: {"a":{"a":…{}}}. */
const nestedObject = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('request bodies: size, depth and syntax', () => {
  const { t, admin } = useTestApp({ admin: DEMO.admin });

  const postJson = (body: string, lang = 'zh-CN') =>
    requestAs(t, admin).post('/api/v1/login/modifyPwd').set('Accept-Language', lang).set('Content-Type', 'application/json').send(body);

  it('answers malformed JSON with 400 and a message that says so, in the language of the request', async () => {
    expect((await postJson('{"oldPassword":').expect(400)).body).toEqual(refusal(400, '请求内容不是有效的 JSON'));
    expect((await postJson('{"oldPassword":', 'en').expect(400)).body).toEqual(refusal(400, 'The request body is not valid JSON'));
    expect((await postJson('"just a string"').expect(400)).body.message).toBe('请求内容不是有效的 JSON');
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const res = await postJson(JSON.stringify({ oldPassword: 'x'.repeat(1024 * 1024) })).expect(413);
    expect(res.body).toEqual(refusal(413, '请求内容过大，不能超过 1024 KB'));
  });

  it('takes JSON nested up to the depth limit to validation, and refuses one level more with 400', async () => {
    const atLimit = await postJson(`{"oldPassword":${nestedObject(19)}}`).expect(400);
    expect(Object.keys(JSON.parse(atLimit.body.message))).toContain('oldPassword');
    const over = await postJson(`{"oldPassword":${nestedObject(20)}}`).expect(400);
    expect(over.body).toEqual(refusal(400, '请求内容嵌套层级过深，最多 20 层'));
    const en = await postJson(`[${'['.repeat(20)}${']'.repeat(20)}]`, 'en').expect(400);
    expect(en.body.message).toBe('The request body is nested too deeply; at most 20 levels');
  });

  it('refuses JSON nested a hundred thousand levels deep with 400, and keeps serving', async () => {
    const res = await postJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`).expect(400);
    expect(res.body).toEqual(refusal(400, '请求内容嵌套层级过深，最多 20 层'));
    await requestAs(t, admin).get('/api/v1/user/info/view').expect(200);
  });

  it('applies the same limits to form bodies', async () => {
    const form = (body: string) => requestAs(t, admin).post('/api/v1/login/modifyPwd').type('form').send(body);
    expect((await form(`a${'[b]'.repeat(25)}=1`).expect(400)).body.message).toBe('请求内容嵌套层级过深，最多 20 层');
    const fields = Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&');
    expect((await form(fields).expect(413)).body).toEqual(refusal(413, '请求参数过多，最多 1000 个'));
  });

  it('refuses a body in an encoding it cannot read with 415', async () => {
    const res = await requestAs(t, admin).post('/api/v1/login/modifyPwd').set('Content-Type', 'application/json; charset=x-unknown').send('{}').expect(415);
    expect(res.body).toEqual(refusal(415, '不支持的请求内容编码'));
  });

  it('reads the limits from the configuration', async () => {
    const strict = await createTestApp({ bodyLimitBytes: 2048, bodyMaxDepth: 3 });
    try {
      const session = await login(strict, ...DEMO.admin);
      const post = (body: string) => strict.http().post('/api/v1/login/modifyPwd').set(auth(session)).set('Content-Type', 'application/json').send(body);
      expect((await post(JSON.stringify({ oldPassword: 'x'.repeat(3000) })).expect(413)).body.message).toBe('请求内容过大，不能超过 2 KB');
      expect((await post(`{"oldPassword":${nestedObject(3)}}`).expect(400)).body.message).toBe('请求内容嵌套层级过深，最多 3 层');
    } finally {
      await strict.close();
    }
  });

  describe('from callers not signed in', () => {
    const bigLogin = JSON.stringify({ param: 'x'.repeat(200 * 1024) });

    it('refuses a body over 16 KB to an open route before reading it, naming the limit', async () => {
      const res = await t.http().post('/api/v1/login/user').set('Content-Type', 'application/json').send(bigLogin).expect(413);
      expect(res.body).toEqual(refusal(413, '请求内容过大，不能超过 16 KB'));
    });

    it('refuses it under a forged or ended session token too, and parses it for a live session', async () => {
      const forged = `${admin.token.slice(0, -4)}AAAA`;
      const post = (token: string) =>
        t.http().post('/api/v1/login/modifyPwd').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send(bigLogin);
      expect((await post(forged).expect(413)).body.message).toBe('请求内容过大，不能超过 16 KB');
      // signed in: the body is read and reaches validation (it carries none of the form's fields)
      expect((await post(admin.token).expect(400)).body.message).not.toMatch(/过大/);
      const ended = await login(t, ...DEMO.salesman);
      await t.prisma.base.authSession.updateMany({ where: { userId: ended.userid }, data: { endedAt: new Date(), endReason: 'logout' } });
      expect((await post(ended.token).expect(413)).body.message).toBe('请求内容过大，不能超过 16 KB');
    });

    it('reads a body of no declared length only up to the limit', async () => {
      const server = t.app.getHttpServer() as http.Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: { message: string } }>((resolve, reject) => {
        const req = http.request(
          { port, host: '127.0.0.1', method: 'POST', path: '/api/v1/login/user', headers: { 'Content-Type': 'application/json' } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message: string } }));
          },
        );
        req.on('error', reject);
        // chunked: no Content-Length
        for (let i = 0; i < 20; i++) req.write('x'.repeat(10 * 1024));
        req.end();
      });
      expect(answer).toEqual({ status: 413, body: expect.objectContaining({ message: '请求内容过大，不能超过 16 KB' }) });
    });

    it('still signs in with an ordinary body', async () => {
      await login(t, ...DEMO.admin);
    });
  });
});
