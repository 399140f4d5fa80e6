import { Prisma } from '../generated/prisma/client.js';
import { MASK, redactParams, redactRecord, redactRecordId, redactText, REVIEWED_COLUMNS, SECRET_COLUMNS, SECRET_LOOKING_COLUMN } from './redaction.js';

type Schema = Record<string, readonly string[]>;
type Lists = Record<string, readonly string[] | undefined>;

/** The scalar columns of every model, from the generated client: what the database can hold. */
const schema: Schema = Object.fromEntries(Object.values(Prisma.ModelName).map((model) => [model, Object.keys(Prisma[`${model}ScalarFieldEnum`])]));

/** Columns named like a secret that the policy neither masks nor has reviewed as harmless. */
function unreviewedSecretLooking(models: Schema, secret: Lists, reviewed: Lists): string[] {
  return Object.entries(models).flatMap(([model, fields]) =>
    fields
      .filter((field) => SECRET_LOOKING_COLUMN.test(field) && !secret[model]?.includes(field) && !reviewed[model]?.includes(field))
      .map((field) => `${model}.${field}`),
  );
}

describe('the redaction policy against the schema', () => {
  it('names every column whose name looks secret, as secret or as reviewed (add a new one to SECRET_COLUMNS or REVIEWED_COLUMNS)', () => {
    expect(unreviewedSecretLooking(schema, SECRET_COLUMNS, REVIEWED_COLUMNS)).toEqual([]);
  });

  it('would catch a new column such as a reset token, a session key or an API key', () => {
    const grown = {
      ...schema,
      User: [...schema.User, 'resetToken'],
      CustomerWechat: [...schema.CustomerWechat, 'sessionKey'],
      Partner: ['id', 'apiKey', 'name'],
    };
    expect(unreviewedSecretLooking(grown, SECRET_COLUMNS, REVIEWED_COLUMNS)).toEqual(['User.resetToken', 'CustomerWechat.sessionKey', 'Partner.apiKey']);
  });

  it('names only columns that exist, and none as both secret and harmless', () => {
    for (const list of [SECRET_COLUMNS, REVIEWED_COLUMNS]) {
      for (const [model, fields] of Object.entries(list)) for (const field of fields as string[]) expect(schema[model]).toContain(field);
    }
    for (const [model, fields] of Object.entries(SECRET_COLUMNS)) {
      for (const field of fields as string[]) expect((REVIEWED_COLUMNS as Lists)[model] ?? []).not.toContain(field);
    }
  });

  it('masks each secret column of its model', () => {
    for (const [model, fields] of Object.entries(SECRET_COLUMNS)) {
      const row = Object.fromEntries((fields as string[]).map((field) => [field, `value of ${field}`]));
      expect(redactRecord(model, row)).toEqual(Object.fromEntries((fields as string[]).map((field) => [field, MASK])));
    }
  });
});

describe('redactRecord', () => {
  it('masks a user row password hash and openId, keeping the rest as it is', () => {
    const changedAt = new Date('2026-03-01T00:00:00Z');
    expect(redactRecord('User', { id: 7, account: 'sales01', passwordHash: '$2b$10$abc', wechatOpenId: 'oX1', passwordChangedAt: changedAt })).toEqual({
      id: 7,
      account: 'sales01',
      passwordHash: MASK,
      wechatOpenId: MASK,
      passwordChangedAt: changedAt,
    });
  });

  it('keeps a code that is not secret (a customer code) and masks a binding code', () => {
    expect(redactRecord('Customer', { id: 1, code: 'C0001' })).toEqual({ id: 1, code: 'C0001' });
    expect(redactRecord('CustomerBindCode', { code: 'f00d', customerId: 1, usedBy: 'oX1' })).toEqual({ code: MASK, customerId: 1, usedBy: MASK });
  });

  it('masks secrets of included relations and of bulk filters, whatever their model', () => {
    const session = { id: 's1', refreshJti: 'j1', user: { id: 7, passwordHash: 'h', roles: [{ role: { code: 'admin' } }] } };
    expect(redactRecord('AuthSession', session)).toEqual({
      id: 's1',
      refreshJti: MASK,
      user: { id: 7, passwordHash: MASK, roles: [{ role: { code: MASK } }] },
    });
    expect(redactRecord('CustomerBindCode', { where: { OR: [{ code: 'f00d' }, { usedBy: { in: ['oX1'] } }] }, count: 2 })).toEqual({
      where: { OR: [{ code: MASK }, { usedBy: MASK }] },
      count: 2,
    });
  });

  it('masks secret-named members inside JSON columns, and treats a table that is not a model like a relation', () => {
    expect(redactRecord('SystemSetting', { key: 'k', value: { apiKey: 'a', url: 'u' } })).toEqual({ key: 'k', value: { apiKey: MASK, url: 'u' } });
    expect(redactRecord('orders', { remark: 'r', password: 'p' })).toEqual({ remark: 'r', password: MASK });
  });

  it('answers non-objects unchanged', () => {
    expect(redactRecord('User', null)).toBeNull();
    expect(redactRecord('User', undefined)).toBeUndefined();
  });
});

describe('redactRecordId', () => {
  it('masks a record id that is the value of a secret column (a binding code is its own key)', () => {
    expect(redactRecordId('CustomerBindCode', 'f00d', null, { code: 'f00d' })).toBe(MASK);
    expect(redactRecordId('Customer', 'C0001', { code: 'C0001' })).toBe('C0001');
    expect(redactRecordId('User', '7', { id: 7, passwordHash: 'h' })).toBe('7');
    expect(redactRecordId('User', undefined, { id: 7 })).toBeUndefined();
  });
});

describe('redactParams', () => {
  it('masks passwords, tokens, secrets, binding codes, openIds and keys at any depth of a body or query', () => {
    const body = {
      param: 'rsa…',
      oldPassword: 'a',
      newPassword: 'b',
      refreshToken: 'r',
      access_token: 't',
      bindCode: 'c',
      openId: 'o',
      session_key: 's',
      privateKey: 'p',
      nested: [{ clientSecret: 'x', Authorization: 'Bearer y', remark: 'kept' }],
      key: 'search text',
      code: 'C0001',
    };
    expect(redactParams({ query: { token: 'q' }, body })).toEqual({
      query: { token: MASK },
      body: {
        param: MASK,
        oldPassword: MASK,
        newPassword: MASK,
        refreshToken: MASK,
        access_token: MASK,
        bindCode: MASK,
        openId: MASK,
        session_key: MASK,
        privateKey: MASK,
        nested: [{ clientSecret: MASK, Authorization: MASK, remark: 'kept' }],
        key: 'search text',
        code: 'C0001',
      },
    });
  });

  it('walks objects without a prototype (parsed query strings)', () => {
    const query = Object.assign(Object.create(null) as object, { password: 'p', page: '1' });
    expect(redactParams(query)).toEqual({ password: MASK, page: '1' });
  });

  it('stops at the depth the log keeps, so a hostile nesting cannot exhaust the stack', () => {
    let deep: unknown = { password: 'p' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => redactParams(deep)).not.toThrow();
  });
});

describe('redactText', () => {
  it('masks secret values in query strings, JSON text and PostgreSQL key details', () => {
    expect(redactText('/api/v1/x?token=abc.def&page=2')).toBe(`/api/v1/x?token=${MASK}&page=2`);
    expect(redactText('body {"password":"a b c","name":"n"}')).toBe(`body {"password":"${MASK}","name":"n"}`);
    expect(redactText('Key (open_id)=(oX1) already exists.')).toBe(`Key (open_id)=(${MASK}) already exists.`);
    expect(redactText("bad refreshJti: 'j-1' given")).toBe(`bad refreshJti: '${MASK}' given`);
  });

  it("masks a URL's password (SMTP_URL, REDIS_URL in a connection error), keeping the user and host", () => {
    expect(redactText('connect failed: smtps://mailer:s3cr%40t@smtp.example.com:465 refused')).toBe(
      `connect failed: smtps://mailer:${MASK}@smtp.example.com:465 refused`,
    );
    expect(redactText('redis://:pw@127.0.0.1:6379/0')).toBe(`redis://:${MASK}@127.0.0.1:6379/0`);
    expect(redactText('smtp://apikey@smtp.example.com')).toBe(`smtp://${MASK}@smtp.example.com`);
    expect(redactText('see https://example.com/a@b and mail me@example.com')).toBe('see https://example.com/a@b and mail me@example.com');
  });

  it('takes time linear in the text, also for long words and many pairs (a hostile message or route)', () => {
    const started = performance.now();
    for (const text of [
      'a'.repeat(100_000),
      `/x?${'a'.repeat(100_000)}=1`,
      'token'.repeat(20_000),
      'a-'.repeat(50_000),
      'x="'.repeat(30_000),
      'token=a&'.repeat(10_000),
    ])
      redactText(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(redactText('token=a&'.repeat(3))).toBe(`token=${MASK}&`.repeat(3));
  }, 10_000);

  it('leaves text without secrets alone, including codes that are not secret', () => {
    const text = "Unique constraint failed (code: 'P2002') on Key (code)=(C0001)";
    expect(redactText(text)).toBe(text);
  });
});
