// Every API route × anonymous, every demo role (and a second salesman) and a customer's portal session: who is
// refused and who gets through, generated from the route catalogue (the handlers' own @Public/@SignedIn/@Perm) and the role
// grants in the database, so a new route or a changed grant is covered without editing this file.
import { ORDER_STAGES } from '@forwarder/domain';
import { API_PREFIX } from '../src/config/app-config.js';
import { listRoutes, type RouteEntry } from '../src/common/route-catalogue.js';
import { auth, createTestApp, DEMO, login, type Session, type TestApp } from './app.js';
import { bindPortalAccount } from './portal-fixtures.js';

interface Caller {
  session?: Pick<Session, 'token'>;
  /** a customer's portal session (docs/portal.md), not a staff member's */
  customer?: boolean;
  isSuperAdmin: boolean;
  codes: Set<string>;
}

/** What the test reads of the Express router: its layers, the route each serves, and whether a path fits. */
interface RouterLayer {
  route?: { path: string; _handlesMethod(method: string): boolean };
  match(path: string): false | { params: Record<string, string | undefined> };
}

type Expectation = 'unauthorized' | 'forbidden' | 'through' | 'anything';

const CALLERS = ['anonymous', 'admin', 'salesman', 'operator', 'finance', 'customerService', 'second salesman', 'customer'] as const;
type CallerName = (typeof CALLERS)[number];

/** Path parameters get an id no record has: the call shows the guard's decision without touching data. */
const ABSENT_ID = '999999';
/** Requests in flight at once. */
const PARALLEL = 12;

/** Ends the caller's session: called last, so every other route still sees a signed-in caller. */
const endsSession = (route: RouteEntry) => route.path === `/${API_PREFIX}/login/logOut` || route.path === `/${API_PREFIX}/portal/logout`;

function expectationOf(route: RouteEntry, caller: Caller): Expectation {
  const access = route.access;
  if (access?.kind === 'public') return 'anything';
  if (!caller.session) return 'unauthorized';
  // a portal session passes the portal's routes only (it holds every wechat:* code when bound); staff never pass them
  if (caller.customer || access?.kind === 'customer') return caller.customer && access?.kind === 'customer' ? 'through' : 'forbidden';
  if (access?.kind === 'signedIn') return 'through';
  if (access?.kind === 'permission' && (caller.isSuperAdmin || access.codes.some((code) => caller.codes.has(code)))) return 'through';
  return 'forbidden';
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

describe('authorisation matrix: every route × every role', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  const callers = new Map<CallerName, Caller>();

  /** What the database grants a user: super admin or not, and the permission codes of their roles. */
  const grantsOf = async (userId: number): Promise<Omit<Caller, 'session'>> => {
    const user = await t.prisma.db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { isSuperAdmin: true, roles: { select: { role: { select: { permissions: { select: { permissionCode: true } } } } } } },
    });
    return { isSuperAdmin: user.isSuperAdmin, codes: new Set(user.roles.flatMap((r) => r.role.permissions.map((p) => p.permissionCode))) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    routes = listRoutes(t.app, API_PREFIX);
    const sessions: Partial<Record<CallerName, Session>> = {};
    for (const name of ['admin', 'salesman', 'operator', 'finance', 'customerService'] as const) {
      const [account, password] = DEMO[name];
      sessions[name] = await login(t, account, password);
    }
    // the seeded colleague of sales01: same unit, same role
    sessions['second salesman'] = await login(t, ...DEMO.salesman2);
    callers.set('anonymous', { isSuperAdmin: false, codes: new Set() });
    for (const [name, session] of Object.entries(sessions) as [CallerName, Session][]) callers.set(name, { session, ...(await grantsOf(session.userid)) });
    // a customer of the admin's, bound to a portal account
    const customer = await t
      .http()
      .put('/api/v1/customers/add')
      .set(auth(sessions.admin!))
      .send({ companyName: '矩阵门户客户', contactName: '王五' })
      .expect(200);
    const portal = await bindPortalAccount(t, sessions.admin!, customer.body.data.id as number, 'matrix@portal.example.com');
    callers.set('customer', { session: { token: portal.token }, customer: true, isSuperAdmin: false, codes: new Set() });
  });
  afterAll(() => t.close());

  const call = (route: RouteEntry, caller: Caller) => {
    const url = route.path.replace(/:\w+/g, ABSENT_ID);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    const req = t.http()[method](url);
    if (caller.session) req.set('Authorization', `Bearer ${caller.session.token}`);
    return method === 'get' || method === 'delete' ? req : req.send({});
  };

  it('knows every route and sets each role apart from the others', () => {
    expect(routes.length).toBeGreaterThan(200);
    expect(routes.filter((r) => !r.access)).toEqual([]);
    const admin = callers.get('admin')!;
    expect(admin.isSuperAdmin).toBe(true);
    for (const name of ['salesman', 'operator', 'finance', 'customerService', 'second salesman', 'customer'] as const) {
      const caller = callers.get(name)!;
      const expectations = routes.map((route) => expectationOf(route, caller));
      // each role is refused somewhere and let through somewhere: the matrix tests both sides of the guard
      expect([name, expectations.includes('forbidden'), expectations.includes('through')]).toEqual([name, true, true]);
    }
    expect(callers.get('second salesman')!.codes).toEqual(callers.get('salesman')!.codes);
  });

  it('sends every URL of the catalogue to the handler declaring it: a route with a choice parameter takes only its values', () => {
    // The router tries its routes in the order Nest added them; the first whose method and pattern fit
    // answers, unless a choice parameter names no listed value (the guard passes the request on).
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } }).router;
    const choicesOf = new Map(routes.map((route) => [`${route.method} ${route.route}`, route.choices]));
    const takes = (layer: RouterLayer, method: string, path: string) => {
      const match = layer.route?._handlesMethod(method.toLowerCase()) && layer.match(path);
      if (!match) return false;
      const choices = choicesOf.get(`${method} ${layer.route!.path}`) ?? {};
      return Object.entries(choices).every(([name, values]) => values.some((value) => value.toLowerCase() === match.params[name]?.toLowerCase()));
    };
    const answering = (route: RouteEntry) => router.stack.find((layer) => takes(layer, route.method, route.path))?.route?.path;
    const elsewhere = routes.filter((route) => answering(route) !== route.route).map((route) => `${route.method} ${route.path} → ${answering(route)}`);
    expect(elsewhere).toEqual([]);
    expect(
      routes
        .filter((route) => route.route.endsWith('/upgrade/:stage'))
        .map((route) => route.path)
        .sort(),
    ).toEqual(ORDER_STAGES.map((stage) => `/${API_PREFIX}/order/upgrade/${stage}`).sort());
  });

  it.each(CALLERS)("%s: 401 without a session, 403 without one of the route's codes, through with one; never a 5xx", async (name) => {
    const caller = callers.get(name)!;
    const ordered = [...routes.filter((r) => !endsSession(r)), ...routes.filter(endsSession)];
    const answers = await inBatches(ordered, PARALLEL, async (route) => ({ route, expected: expectationOf(route, caller), res: await call(route, caller) }));
    const wrong = answers
      .filter(({ expected, res }) => {
        if (res.status >= 500) return true;
        if (res.status >= 400 && !(res.body?.success === false && res.body?.code === res.status)) return true;
        if (expected === 'unauthorized') return res.status !== 401;
        if (expected === 'forbidden') return res.status !== 403;
        if (expected === 'through') return res.status === 401 || res.status === 403;
        return false;
      })
      .map(
        ({ route, expected, res }) =>
          `${route.method} ${route.path} (${route.controller}.${route.handler}): expected ${expected}, got ${res.status} ${res.body?.message ?? ''}`,
      );
    expect(wrong).toEqual([]);
  });
});
