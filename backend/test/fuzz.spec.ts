// Property-based fuzzing of every API route: malformed paths, queries and bodies, sent as the administrator
// (so the permission guard lets each request reach validation and the services). No answer may be a 5xx,
// every answer is the envelope without a stack, and a refused (4xx) request changes no business table.
import { RequestMethod } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import pg from 'pg';
import { API_PREFIX } from '../src/config/app-config.js';
import { listRoutes, type RouteEntry } from '../src/common/route-catalogue.js';
import { auth, DEMO, login, setParameter, type TestApp, useTestApp } from './app.js';

/** Requests in all (spread evenly over the routes); FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** Written by the audit queue or by signing in, whatever the answer: not business data. */
const BOOKKEEPING_TABLES = new Set(['request_log', 'error_log', 'data_change_log', 'auth_session', 'login_failure', '_prisma_migrations']);

/** The exception log's screens show stacks to the administrator: that is what they are for. */
const ERROR_LOG = `${API_PREFIX}/log/error`;

/** Values that broke servers before: ids past int4, unbounded numbers, NUL and lone surrogates, wrong shapes. */
const NASTY_SCALARS: unknown[] = [
  null,
  '',
  ' ',
  true,
  false,
  0,
  -1,
  1,
  2,
  1.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  // eslint-disable-next-line no-loss-of-precision -- 9007199254740993 (2^53 + 1), which no double holds, is the point
  9007199254740993,
  1e21,
  1e308,
  -1e308,
  0.0000001,
  '1',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e400',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  ' 1 ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  'x'.repeat(5000),
  '2024-02-30',
  '2024-13-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  'today',
];

/** Values that pass many rules, so that some requests get past validation into the services with extremes. */
const PLAUSIBLE_SCALARS: unknown[] = [
  1,
  2,
  3,
  'CNY',
  'USD',
  'sea',
  'air',
  'test',
  'ABCU1234560',
  true,
  '2026-11-25',
  '2026-11-25T08:00:00Z',
  0.5,
  99_999,
  999_999,
  999_999_999.999,
  999_999_999_999.99,
  2147483647,
];

const scalar = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_SCALARS) },
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE_SCALARS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** Any JSON value, shallowly nested, with keys drawn from the field names of the route. */
const jsonValue = (keys: string[]) =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...keys, 'x'), tie('value'), { maxKeys: 4 }) },
    ),
  })).value;

/** A long array: limits on list sizes. */
const hugeArray = fc.constantFrom(
  Array.from({ length: 5000 }, (_, i) => i + 1),
  Array.from({ length: 3000 }, () => 'x'),
);

const fieldValue = (keys: string[]) => fc.oneof({ weight: 8, arbitrary: jsonValue(keys) }, { weight: 1, arbitrary: hugeArray });

const fieldsObject = (keys: string[]) =>
  keys.length ? fc.dictionary(fc.constantFrom(...keys), fieldValue(keys), { maxKeys: Math.min(keys.length, 8) }) : fc.constant({});

const body = (keys: string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fieldsObject(keys) },
    { weight: 1, arbitrary: fc.array(fieldsObject(keys), { maxLength: 3 }) },
    { weight: 1, arbitrary: scalar },
  );

/** Query values as strings, repeated keys (arrays) and bracketed keys (objects). */
const queryValue = fc.oneof(
  { weight: 6, arbitrary: scalar.map((v) => (v === null ? null : String(v))) },
  { weight: 1, arbitrary: fc.array(scalar.map(String), { minLength: 2, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'b', '0', '__proto__'), scalar.map(String), { minKeys: 1, maxKeys: 2 }) },
);
const query = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys, 'pageIndex', 'pageSize'), queryValue, { maxKeys: 5 });

const pathValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '1',
      '2',
      '0',
      '-1',
      '2147483648',
      '99999999999999999999999',
      '1.5',
      '1e3',
      'NaN',
      'abc',
      '\u0000',
      '1\u0000',
      '\ud800',
      '😀',
      'x'.repeat(600),
      ' ',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Percent-encodes a value, lone surrogates included (as the bytes of an invalid UTF-8 sequence). */
const encode = (s: string) => Array.from(s, (c) => (/^[\ud800-\udfff]$/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');

function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(q)) {
    if (value === null) parts.push(encode(key));
    else if (Array.isArray(value)) for (const v of value) parts.push(`${encode(key)}=${encode(String(v))}`);
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) parts.push(`${encode(key)}[${encode(k)}]=${encode(String(v))}`);
    else parts.push(`${encode(key)}=${encode(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The DTO classes a handler validates its query and body with, and their field names. */
function inputFields(t: TestApp, route: RouteEntry): { bodyKeys: string[]; queryKeys: string[] } {
  const wrapper = t.app
    .get(DiscoveryService)
    .getControllers()
    .find((c) => c.metatype?.name === route.controller)!;
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', wrapper.metatype!.prototype, route.handler) ?? [];
  const args: Record<string, { index: number }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, wrapper.metatype!, route.handler) ?? {};
  const fieldsOf = (kind: RouteParamtypes) => {
    const keys = new Set<string>();
    for (const [key, arg] of Object.entries(args)) {
      if (Number(key.split(':')[0]) !== kind) continue;
      const type = types[arg.index];
      if (typeof type !== 'function') continue;
      for (const m of getMetadataStorage().getTargetValidationMetadatas(type, '', true, false)) keys.add(m.propertyName);
    }
    return [...keys];
  };
  return { bodyKeys: fieldsOf(RouteParamtypes.BODY), queryKeys: fieldsOf(RouteParamtypes.QUERY) };
}

interface FuzzCase {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

describe('fuzzing every route with malformed input', () => {
  let db: pg.Client;
  // declared before the app, so that it runs before the app closes
  afterAll(() => db?.end());
  const { t, admin } = useTestApp({ admin: DEMO.admin });
  let fingerprintSql: string;
  let adminRow: { password_hash: string };
  let errorLogStart: string;

  beforeAll(async () => {
    // The fuzz signs the administrator in again after every request that signed them out: far more often
    // than the sign-in limits allow one address and one account (and public routes should reach their
    // handlers, not the throttler).
    for (const key of [
      'security.signinPerIpPerMinute',
      'security.signinPerAccountPerMinute',
      'security.publicPerIpPerMinute',
      'security.refreshPerIpPerMinute',
    ]) {
      await setParameter(t, admin, key, 100_000);
    }
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    fingerprintSql = rows
      .map((r) => r.table_name)
      .filter((name) => !BOOKKEEPING_TABLES.has(name))
      .map((name) => `select '${name}' as name, count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as print from "${name}"`)
      .join(' union all ');
    adminRow = (await db.query(`select password_hash from app_user where account = 'admin'`)).rows[0];
    errorLogStart = (await db.query(`select coalesce(max(id), 0) as id from error_log`)).rows[0].id;
  });

  /** Row count and row versions of every business table: an insert, update or delete changes it. */
  const fingerprint = async () => new Map((await db.query<{ name: string; print: string }>(fingerprintSql)).rows.map((r) => [r.name, r.print]));

  /** A fuzzed request may sign the administrator out (logout, password, disabling): put them back. */
  async function signInAgain() {
    await db.query(`update app_user set password_hash = $1, enabled = true, deleted_at = null, is_super_admin = true where account = 'admin'`, [
      adminRow.password_hash,
    ]);
    await db.query('delete from login_failure');
    Object.assign(admin, await login(t, ...DEMO.admin));
  }

  it(`answers ${RUNS} malformed requests over every route without a 5xx, a stack or a partial write`, async () => {
    const routes = listRoutes(t.app, API_PREFIX);
    expect(routes.length).toBeGreaterThan(100);
    const perRoute = Math.max(1, Math.ceil(RUNS / routes.length));
    const failures: string[] = [];
    let sent = 0;
    let before = await fingerprint();
    for (const [index, route] of routes.entries()) {
      const { bodyKeys, queryKeys } = inputFields(t, route);
      const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const cases = fc.sample(
        fc.record<FuzzCase>({
          params: fc.record(Object.fromEntries(paramNames.map((n) => [n, pathValue]))),
          query: query(queryKeys),
          body: body(bodyKeys),
        }),
        { seed: SEED + index, numRuns: perRoute },
      );
      for (const c of cases) {
        const path = route.path.replace(/:(\w+)/g, (_, name: string) => encode(c.params[name]));
        const url = path + queryString(c.query);
        const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
        let req = t.http()[method](url).set(auth(admin)).set('Accept-Language', 'en');
        if (route.method !== RequestMethod[RequestMethod.GET]) req = req.set('Content-Type', 'application/json').send(JSON.stringify(c.body));
        const res = await req;
        sent++;
        const what = `${route.method} ${url.slice(0, 300)} ${JSON.stringify(c.body)?.slice(0, 300)} -> ${res.status}`;
        const after = await fingerprint();
        const isJson = /json/.test(String(res.headers['content-type']));
        // the API's contract is a document served as it is (for swagger-ui), not an answer in the envelope
        const isContract = res.status === 200 && route.path.endsWith('/docs/openapi.json') && typeof res.body?.openapi === 'string';
        if (res.status >= 500) failures.push(`${what} ${res.body?.message}`);
        else if (isContract) {
          /* the document itself, checked by api-docs.spec */
        } else if (res.status >= 400 || isJson) {
          const envelope = res.body as Record<string, unknown>;
          if (
            !isJson ||
            typeof envelope.success !== 'boolean' ||
            typeof envelope.code !== 'number' ||
            typeof envelope.message !== 'string' ||
            !('data' in envelope)
          ) {
            failures.push(`${what} not the envelope: ${res.text?.slice(0, 200)}`);
          }
        } else if (!res.headers['content-disposition'] && !/image|pdf|octet-stream/.test(String(res.headers['content-type']))) {
          failures.push(`${what} neither the envelope nor a download (${res.headers['content-type']})`);
        }
        if (!route.path.startsWith(ERROR_LOG) && /\bat .*\.(ts|js):\d+|node_modules|Prisma|invocation/.test(res.text ?? ''))
          failures.push(`${what} shows internals: ${res.text.slice(0, 200)}`);
        if (res.status >= 400) {
          const changed = [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
          if (changed.length) failures.push(`${what} refused but changed ${changed.join(', ')}`);
        }
        before = after;
        if (res.status === 401) {
          await signInAgain();
          before = await fingerprint();
        }
      }
    }
    // the 4xx answers of a safety net (a database refusal turned into a 400) are still recorded as errors
    await t.flushAudit();
    const errors = await db.query<{ route: string; message: string }>('select route, message from error_log where id > $1 order by id', [errorLogStart]);
    for (const e of errors.rows) failures.push(`exception log: ${e.route} ${e.message.slice(0, 300)}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(failures).toEqual([]);
  }, 600_000);
});
