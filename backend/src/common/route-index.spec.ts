import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { indexRoutes } from './route-index.js';

interface CountedLayer {
  route?: unknown;
  match: (path: string) => unknown;
}

/**
 * The same application twice, one of them indexed: middlewares, a long run of routes in the shapes Nest
 * registers (literal, parameterised, a method of each kind, HEAD through GET, a route that passes with
 * next('route')), then a catch-all under the prefix and an error handler, as Nest's.
 */
function application(indexed: boolean) {
  const app = express();
  app.set('etag', false);
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Before', '1');
    next();
  });
  const answer = (name: string) => (req: Request, res: Response) => res.json({ name, params: req.params, route: (req.route as { path: string }).path });
  for (let i = 0; i < 40; i++) app.get(`/api/v1/area${i}/list`, answer(`list${i}`));
  app.get('/api/v1/order/detail/:id', answer('order detail'));
  app.post('/api/v1/order/:kind/add', answer('order add'));
  app.get('/api/v1/order/no/detail/:no', answer('order by number'));
  app.put('/api/v1/order/detail/:id', answer('order put'));
  app.delete('/api/v1/order/:state/revoke/:id', answer('revoke'));
  app.get('/api/v1/dict/detail/item/:code', (req: Request, res: Response, next: NextFunction) =>
    req.params.code === 'pass' ? next('route') : answer('dict items')(req, res),
  );
  app.get('/api/v1/dict/detail/item/:code', answer('dict items, second'));
  app.get('/api/v1/files/:name.:ext', answer('file'));
  app.get('/api/v1/wild/*rest', answer('wildcard'));
  app.get('/api/v1/opt{/:page}', answer('optional'));
  app.get('/api/v1/fail', () => {
    throw new Error('boom');
  });
  app.options('/api/v1/preflight', (_req: Request, res: Response) => void res.status(204).setHeader('Allow', 'GET').end());
  app.get('/api/v1/preflight', answer('preflight get'));
  const v1 = express.Router();
  v1.all('*path', (req: Request, res: Response) => res.status(404).json({ notFound: req.originalUrl, method: req.method }));
  app.use('/api/v1', v1);
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) =>
    res.status((error as { status?: number }).status ?? 500).json({ error: error.message }),
  );
  const matched = { count: 0 };
  const stack = (app.router as unknown as { stack: CountedLayer[] }).stack;
  for (const layer of stack.filter((each) => each.route)) {
    const match = layer.match.bind(layer);
    layer.match = (path: string) => {
      matched.count++;
      return match(path);
    };
  }
  const folded = indexed ? indexRoutes(app) : 0;
  return { app, matched, folded, layers: () => stack.length };
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/v1/area0/list'],
  ['GET', '/api/v1/area39/list'],
  ['GET', '/API/V1/Area7/LIST'],
  ['GET', '/api/v1/area7/list/'],
  ['GET', '/api/v1/area7/list//'],
  ['GET', '/api/v1/area7//list'],
  ['GET', '/api/v1/area7/list?x=1'],
  ['HEAD', '/api/v1/area3/list'],
  ['POST', '/api/v1/area3/list'],
  ['GET', '/api/v1/order/detail/42'],
  ['PUT', '/api/v1/order/detail/42'],
  ['PATCH', '/api/v1/order/detail/42'],
  ['GET', '/api/v1/Order/Detail/%E4%B8%AD'],
  ['GET', '/api/v1/order/detail/%E4'],
  ['POST', '/api/v1/order/sea/add'],
  ['POST', '/api/v1/order/detail/add'],
  ['GET', '/api/v1/order/no/detail/A-1'],
  ['DELETE', '/api/v1/order/draft/revoke/9'],
  ['GET', '/api/v1/dict/detail/item/currency'],
  ['GET', '/api/v1/dict/detail/item/pass'],
  ['GET', '/api/v1/dict/detail/item'],
  ['GET', '/api/v1/files/report.pdf'],
  ['GET', '/api/v1/wild/a/b/c'],
  ['GET', '/api/v1/opt'],
  ['GET', '/api/v1/opt/3'],
  ['GET', '/api/v1/fail'],
  ['OPTIONS', '/api/v1/preflight'],
  ['OPTIONS', '/api/v1/area1/list'],
  ['GET', '/api/v1/nothing/here'],
  ['GET', '/api/v1'],
  ['GET', '/elsewhere'],
];

describe('indexRoutes', () => {
  const plain = application(false);
  const indexed = application(true);

  it("folds the run of routes for the router's walk, leaving its stack as it was for whatever reads it", () => {
    expect(indexed.folded).toBe(40 + 13);
    expect(indexed.layers()).toBe(plain.layers());
    expect(indexRoutes(indexed.app)).toBe(0);
  });

  it.each(REQUESTS)('answers %s %s as Express does without it', async (method, url) => {
    const send = (app: express.Express) => request(app)[method.toLowerCase() as 'get'](url);
    const [expected, actual] = await Promise.all([send(plain.app), send(indexed.app)]);
    expect({ status: actual.status, body: actual.body, text: actual.text, allow: actual.headers.allow, before: actual.headers['x-before'] }).toEqual({
      status: expected.status,
      body: expected.body,
      text: expected.text,
      allow: expected.headers.allow,
      before: expected.headers['x-before'],
    });
  });

  it('tries only the routes whose leading segments the path has, where Express tries them all up to the one that matches', async () => {
    plain.matched.count = 0;
    indexed.matched.count = 0;
    await request(plain.app).get('/api/v1/order/detail/42').expect(200);
    await request(indexed.app).get('/api/v1/order/detail/42').expect(200);
    expect(plain.matched.count).toBe(41);
    // /api/v1/order/detail/:id and the open routes of /api/v1/order (…/:kind/add, …/:state/revoke/:id) and of /api/v1
    expect(indexed.matched.count).toBe(1);
  });

  it('walks a layer added to the stack after the index as Express would', async () => {
    const { app } = application(true);
    app.get('/late', (_req: Request, res: Response) => res.json({ late: true }));
    app.get('/api/v1/area0/list', (_req: Request, res: Response) => res.json({ shadowed: true }));
    await request(app).get('/late').expect(200, { late: true });
    expect((await request(app).get('/api/v1/area0/list').expect(200)).body.name).toBe('list0');
  });
});
