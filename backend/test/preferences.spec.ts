import { DEMO, requestAs, useTestApp } from './app.js';

describe('user preferences (/user/preference/:name)', () => {
  const { t, salesman, operator } = useTestApp({ salesman: DEMO.salesman, operator: DEMO.operator });
  const as = (session: typeof salesman) => requestAs(t, session, '/api/v1/user/preference');
  const columns = {
    columns: [
      { key: 'orderNo', hidden: false },
      { key: 'goodsName', hidden: true },
    ],
    density: 'small',
  };

  it('answers null for a setting never saved, then what the user saved, to that user only', async () => {
    expect((await as(salesman).get('/list.smallbag.all').expect(200)).body.data).toMatchObject({ name: 'list.smallbag.all', value: null, updatedAt: null });
    await as(salesman).put('/list.smallbag.all').send({ value: columns }).expect(200);
    expect((await as(salesman).get('/list.smallbag.all').expect(200)).body.data.value).toEqual(columns);
    // another user's settings of the same name are their own
    expect((await as(operator).get('/list.smallbag.all').expect(200)).body.data.value).toBeNull();
    await as(operator)
      .put('/list.smallbag.all')
      .send({ value: { density: 'middle' } })
      .expect(200);
    expect((await as(salesman).get('/list.smallbag.all').expect(200)).body.data.value).toEqual(columns);
    // saved again: replaced, one row
    await as(salesman)
      .put('/list.smallbag.all')
      .send({ value: { density: 'middle' } })
      .expect(200);
    expect(await t.prisma.db.userPreference.count({ where: { userId: salesman.userid, name: 'list.smallbag.all' } })).toBe(1);
    await as(salesman).delete('/list.smallbag.all').expect(200);
    expect((await as(salesman).get('/list.smallbag.all').expect(200)).body.data.value).toBeNull();
  });

  it('needs a signed-in user', async () => {
    await t.http().get('/api/v1/user/preference/list.x').expect(401);
    await t.http().put('/api/v1/user/preference/list.x').send({ value: 1 }).expect(401);
  });

  it('refuses a bad name, a missing value and a value past the size limit with 400', async () => {
    const badName = await as(salesman).put('/list%20x%3B').send({ value: 1 }).expect(400);
    expect(JSON.parse(badName.body.message).name).toEqual([expect.stringContaining('设置名')]);
    await as(salesman).put('/list.x').send({}).expect(400);
    const big = await as(salesman)
      .put('/list.x')
      .send({ value: { text: 'x'.repeat(17_000) } })
      .expect(400);
    expect(JSON.parse(big.body.message).value).toEqual([expect.stringContaining('16384')]);
    expect(await t.prisma.db.userPreference.count({ where: { userId: salesman.userid, name: 'list.x' } })).toBe(0);
  });
});
