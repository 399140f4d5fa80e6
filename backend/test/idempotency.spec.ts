import { isIdempotentCreate } from '@forwarder/domain';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { IDEMPOTENT } from '../src/common/idempotent.js';
import { storedId } from '../src/common/stored-id.js';
import { listRoutes } from '../src/common/route-catalogue.js';
import { API_PREFIX } from '../src/config/app-config.js';
import { ANSWER_LOST_MS, IdempotencyService, STALE_MS } from '../src/idempotency/idempotency.service.js';
import { runHoldingClaim, type IdempotencyClaim } from '../src/prisma/idempotency-claim.js';
import { auth, DEMO, refusal, requestAs, type Session, useTestApp } from './app.js';
import { PNG } from './sample-files.js';

/** The header a retry's answer carries when it is the first answer given again. */
const REPLAYED = 'idempotent-replayed';

describe('idempotent creates (Idempotency-Key)', () => {
  const { t, sales, op } = useTestApp({ sales: DEMO.salesman, op: DEMO.operator });
  const keys = () => t.app.get(IdempotencyService);

  /** A title no other test uses, so a test counts only its own questions. */
  const title = () => `到港时间 ${randomUUID().slice(0, 8)}`;
  const addQuestion = (by: Session, body: object, key?: string) => {
    const req = requestAs(t, by).put('/api/v1/question/add');
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const questionsTitled = (text: string) => t.prisma.db.question.count({ where: { title: text } });
  // a key is kept as its hash (storedId): a dump holds no key to send again
  const keyRow = (userId: number, key: string) => t.prisma.db.idempotencyKey.findUnique({ where: { userId_key: { userId, key: storedId(key) } } });
  /** Moves a key's row back in time, as if its request had run so long ago. */
  const age = (userId: number, key: string, ms: number) =>
    t.prisma.base
      .$executeRaw`update idempotency_key set created_at = created_at - ${ms}::int * interval '1 millisecond', updated_at = updated_at - ${ms}::int * interval '1 millisecond' where user_id = ${userId} and key = ${storedId(key)}`;

  it('honours the key on the creates and on no other route: those isIdempotentCreate names, which the web client retries', () => {
    const controllers = new Map(
      t.app
        .get(DiscoveryService)
        .getControllers()
        .map((wrapper) => [wrapper.metatype?.name, wrapper.instance as object]),
    );
    const reflector = t.app.get(Reflector);
    const routes = listRoutes(t.app, API_PREFIX).map((route) => {
      const handler = (Object.getPrototypeOf(controllers.get(route.controller)) as Record<string, () => unknown>)[route.handler];
      return { call: `${route.method} ${route.path.slice(API_PREFIX.length + 1)}`, marked: reflector.get<boolean>(IDEMPOTENT, handler) === true };
    });
    const marked = routes.filter((route) => route.marked).map((route) => route.call);
    expect(routes.filter((route) => route.marked !== isIdempotentCreate(...(route.call.split(' ') as [string, string])))).toEqual([]);
    // the list: …/add, …/reply/add, uploads, imports, finance records
    expect(marked).toEqual(
      expect.arrayContaining([
        'PUT /question/add',
        'PUT /order/bbs/reply/add/:orderBbsId',
        'POST /file/update',
        'POST /price/import/:shipType',
        'POST /order/costapply/import/:shipType',
        'POST /order/finance/add/receivable',
      ]),
    );
  });

  it('answers a retry with the same key and body with the first answer, and creates one record', async () => {
    const key = randomUUID();
    const body = { title: title(), content: '请问哪天到港？' };
    const first = await addQuestion(sales, body, key).expect(200);
    const retry = await addQuestion(sales, body, key).expect(200);
    expect(first.headers[REPLAYED]).toBeUndefined();
    expect(retry.headers[REPLAYED]).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.body.data).toMatchObject({ id: expect.any(Number), title: body.title });
    expect(await questionsTitled(body.title)).toBe(1);
    expect(await keyRow(sales.userid, key)).toMatchObject({ status: 'answered', answerStatus: 200 });
  });

  it('refuses the same key with another body (422) and creates nothing more', async () => {
    const key = randomUUID();
    const body = { title: title(), content: '第一次' };
    await addQuestion(sales, body, key).expect(200);
    const other = await addQuestion(sales, { ...body, content: '另一份内容' }, key).expect(422);
    expect(other.body).toEqual(refusal(422, '该 Idempotency-Key 已用于另一份内容不同的请求，请为新的提交使用新的键'));
    // the same body on another route is another request too
    await requestAs(t, sales).put('/api/v1/question/answer/add/1').set('Idempotency-Key', key).send(body).expect(422);
    expect(await questionsTitled(body.title)).toBe(1);
  });

  it('creates one record from two requests sent together under one key; the other is told to retry or given the answer', async () => {
    const key = randomUUID();
    const body = { title: title(), content: '同时发出' };
    const answers = await Promise.all([addQuestion(sales, body, key), addQuestion(sales, body, key), addQuestion(sales, body, key)]);
    const created = answers.filter((res) => res.status === 200 && res.headers[REPLAYED] === undefined);
    expect(created).toHaveLength(1);
    for (const res of answers.filter((r) => r !== created[0])) {
      if (res.status === 200) expect(res.body).toEqual(created[0].body);
      else {
        expect(res.status).toBe(409);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.body.message).toBe('使用该 Idempotency-Key 的首次请求仍在处理中，请稍后重试');
      }
    }
    expect(await questionsTitled(body.title)).toBe(1);
    // once the first has answered, the others' retry is given its answer
    const retry = await addQuestion(sales, body, key).expect(200);
    expect(retry.body).toEqual(created[0].body);
  });

  it('keeps keys per user: another user sending the same key makes its own record', async () => {
    const key = randomUUID();
    const body = { title: title(), content: '两人同键' };
    const mine = await addQuestion(sales, body, key).expect(200);
    const theirs = await addQuestion(op, body, key).expect(200);
    expect(theirs.headers[REPLAYED]).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.body.data.authorId).toBe(op.userid);
    expect(await questionsTitled(body.title)).toBe(2);
  });

  it('leaves a request without the header as it was: each one creates', async () => {
    const body = { title: title(), content: '没有键' };
    const first = await addQuestion(sales, body).expect(200);
    const second = await addQuestion(sales, body).expect(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(await questionsTitled(body.title)).toBe(2);
  });

  it('leaves routes that are no creates alone, header or not', async () => {
    const key = randomUUID();
    await requestAs(t, sales).post('/api/v1/question/list').set('Idempotency-Key', key).send({ pageNo: 1, pageSize: 1 }).expect(200);
    expect(await keyRow(sales.userid, key)).toBeNull();
  });

  it('gives a refusal again to its retry (a 4xx is an answer too)', async () => {
    const key = randomUUID();
    const first = await addQuestion(sales, { content: '缺标题' }, key).expect(400);
    const retry = await addQuestion(sales, { content: '缺标题' }, key).expect(400);
    expect(retry.headers[REPLAYED]).toBe('true');
    expect(retry.text).toBe(first.text);
  });

  it('refuses a malformed key (empty, too long, not printable ASCII) with 400 and creates nothing', async () => {
    const body = { title: title(), content: '坏键' };
    const message = 'Idempotency-Key 须为 1–255 个可见 ASCII 字符';
    expect((await addQuestion(sales, body, '').expect(400)).body).toEqual(refusal(400, message));
    expect((await addQuestion(sales, body, 'k'.repeat(256)).expect(400)).body).toEqual(refusal(400, message));
    expect((await addQuestion(sales, body, '   ').expect(400)).body).toEqual(refusal(400, message));
    await addQuestion(sales, body, 'k'.repeat(255)).expect(200);
    expect(await questionsTitled(body.title)).toBe(1);
  });

  it('stores one file for an upload retried under its key', async () => {
    const key = randomUUID();
    const before = await t.prisma.db.storedFile.count();
    const upload = () =>
      requestAs(t, sales).post('/api/v1/file/update').set('Idempotency-Key', key).attach('file', PNG, { filename: 'photo.png', contentType: 'image/png' });
    const first = await upload().expect(200);
    const retry = await upload().expect(200);
    expect(retry.headers[REPLAYED]).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
    expect(await t.prisma.db.storedFile.count()).toBe(before + 1);
  });

  it('creates one record when the first answer is lost with its connection and the client retries', async () => {
    const key = randomUUID();
    const body = JSON.stringify({ title: title(), content: '连接断开后重试' });
    const { title: sent } = JSON.parse(body) as { title: string };
    // the first request is sent whole, then its connection dropped before any answer is read
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${t.url}/api/v1/question/add`, {
        method: 'PUT',
        headers: { ...auth(sales), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Idempotency-Key': key },
      });
      req.on('error', () => undefined);
      req.end(body, () => {
        req.destroy();
        resolve();
      });
      req.on('response', () => reject(new Error('the answer came before the connection was dropped')));
    });
    // the server has taken the key (the retry of a client that timed out comes later than its request)
    for (let tries = 0; !(await keyRow(sales.userid, key)) && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    // the client retries as the web client does: again after Retry-After while the first still runs
    let retry = await addQuestion(sales, JSON.parse(body), key);
    for (let tries = 0; retry.status === 409 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retry = await addQuestion(sales, JSON.parse(body), key);
    }
    expect(retry.status).toBe(200);
    expect(await questionsTitled(sent)).toBe(1);
    expect(retry.headers[REPLAYED]).toBe('true');
    expect(retry.body.data.title).toBe(sent);
  });

  describe('a first request that did not answer', () => {
    /** Takes `key` for the salesman as a request would, and creates a question holding it. */
    async function createHolding(key: string, text: string): Promise<IdempotencyClaim> {
      const claimed = await keys().claim(sales.userid, key, 'f'.repeat(64));
      if (claimed.kind !== 'held') throw new Error('the key was not free');
      await runHoldingClaim(claimed.claim, () =>
        t.prisma.db.$transaction((tx) => tx.question.create({ data: { title: text, content: '…', authorId: sales.userid } })),
      );
      return claimed.claim;
    }

    it('marks the key committed in the create’s own transaction', async () => {
      const key = randomUUID();
      const claimed = await keys().claim(sales.userid, key, 'f'.repeat(64));
      if (claimed.kind !== 'held') throw new Error('the key was not free');
      const text = title();
      // a create that fails rolls the mark back with it
      await expect(
        runHoldingClaim(claimed.claim, () =>
          t.prisma.db.$transaction(async (tx) => {
            await tx.question.create({ data: { title: text, content: '…', authorId: sales.userid } });
            throw new Error('rolled back');
          }),
        ),
      ).rejects.toThrow('rolled back');
      expect(await keyRow(sales.userid, key)).toMatchObject({ status: 'processing' });
      // a write on its own (awaited inside: a Prisma query runs when awaited) commits in a transaction of its own, with the mark
      await runHoldingClaim(claimed.claim, async () => await t.prisma.db.question.create({ data: { title: text, content: '…', authorId: sales.userid } }));
      expect(await keyRow(sales.userid, key)).toMatchObject({ status: 'committed' });
      expect(await questionsTitled(text)).toBe(1);
    });

    it('frees the key of a request that failed with a server error (or was too busy) before writing, so a retry runs afresh', async () => {
      const key = randomUUID();
      const claimed = await keys().claim(sales.userid, key, 'f'.repeat(64));
      if (claimed.kind !== 'held') throw new Error('the key was not free');
      await keys().settle(claimed.claim, 503, '{"success":false}');
      expect(await keyRow(sales.userid, key)).toBeNull();
      // nor is a "busy, try later" (429) kept: the retry runs
      const again = await keys().claim(sales.userid, key, 'f'.repeat(64));
      if (again.kind !== 'held') throw new Error('the key was not freed');
      await keys().settle(again.claim, 429, '{"success":false}');
      expect((await keys().claim(sales.userid, key, 'f'.repeat(64))).kind).toBe('held');
    });

    it('tells a retry that a create which committed and then failed was saved, instead of creating again', async () => {
      const key = randomUUID();
      const text = title();
      const claim = await createHolding(key, text);
      await keys().settle(claim, 503, '{"success":false}');
      await expect(keys().claim(sales.userid, key, 'f'.repeat(64))).rejects.toMatchObject({ status: 409, key: 'idempotencyKeyOutcomeUnknown' });
      expect(await questionsTitled(text)).toBe(1);
    });

    it('after a crash between the commit and the answer: 409 to retry shortly, then "saved, answer lost", never a second record', async () => {
      const key = randomUUID();
      const text = title();
      await createHolding(key, text); // the process "dies" here: the answer is never stored
      await expect(keys().claim(sales.userid, key, 'f'.repeat(64))).rejects.toMatchObject({
        status: 409,
        key: 'idempotencyKeyInProgress',
        headers: { 'Retry-After': '1' },
      });
      await age(sales.userid, key, ANSWER_LOST_MS + 1000);
      // final: no Retry-After, the client is not to send it again
      const lost = await keys()
        .claim(sales.userid, key, 'f'.repeat(64))
        .catch((error: unknown) => error);
      expect(lost).toMatchObject({ status: 409, key: 'idempotencyKeyOutcomeUnknown' });
      expect((lost as { headers: object }).headers).toEqual({});
      expect(await questionsTitled(text)).toBe(1);
    });

    it('keeps a key whose request still runs (its heartbeat) from being taken over, however old', async () => {
      const key = randomUUID();
      const running = await keys().claim(sales.userid, key, 'f'.repeat(64));
      if (running.kind !== 'held') throw new Error('the key was not free');
      await age(sales.userid, key, STALE_MS + 1000);
      await keys().touch(running.claim);
      await expect(keys().claim(sales.userid, key, 'f'.repeat(64))).rejects.toMatchObject({ status: 409, key: 'idempotencyKeyInProgress' });
    });

    it('lets a retry take over a key whose request died before committing; that request can then no longer commit', async () => {
      const key = randomUUID();
      const stale = await keys().claim(sales.userid, key, 'f'.repeat(64));
      if (stale.kind !== 'held') throw new Error('the key was not free');
      await age(sales.userid, key, STALE_MS + 1000);
      const retry = await keys().claim(sales.userid, key, 'f'.repeat(64));
      expect(retry.kind).toBe('held');
      const text = title();
      await expect(
        runHoldingClaim(stale.claim, async () => await t.prisma.db.question.create({ data: { title: text, content: '…', authorId: sales.userid } })),
      ).rejects.toMatchObject({ status: 409, key: 'idempotencyKeyTaken' });
      expect(await questionsTitled(text)).toBe(0);
    });
  });

  describe('expiry', () => {
    it('takes an expired key afresh, and the daily purge deletes keys older than 24 hours', async () => {
      const key = randomUUID();
      const body = { title: title(), content: '过期的键' };
      await addQuestion(sales, body, key).expect(200);
      const kept = randomUUID();
      await addQuestion(sales, { title: title(), content: '新的键' }, kept).expect(200);
      await age(sales.userid, key, 24 * 60 * 60 * 1000 + 1000);
      // past its 24 hours the key is new again, purged or not
      const again = await addQuestion(sales, body, key).expect(200);
      expect(again.headers[REPLAYED]).toBeUndefined();
      expect(await questionsTitled(body.title)).toBe(2);
      await age(sales.userid, key, 24 * 60 * 60 * 1000 + 1000);
      const purged = await keys().purge();
      expect(purged.deleted).toBeGreaterThanOrEqual(1);
      expect(await keyRow(sales.userid, key)).toBeNull();
      expect(await keyRow(sales.userid, kept)).not.toBeNull();
    });
  });
});
