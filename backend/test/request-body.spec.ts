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
});
