import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import request from 'supertest';
import { middlewareChain } from './middleware-chain.js';

/** A middleware that notes its name in the answer's X-Passed header, then goes on. */
const passing =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader('X-Passed', `${String(res.getHeader('X-Passed') ?? '')}${name}`);
    next();
  };

/** An application with `chain` mounted as its first layer, a route after it and Express's own kind of error handler. */
function application(chain: RequestHandler) {
  const app = express();
  app.use(chain);
  app.get('/route', (_req: Request, res: Response) => res.json({ reached: true }));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => res.status(500).json({ error: error.message }));
  return app;
}

describe('middlewareChain', () => {
  it('calls its handlers in order as one layer of the router, then the layers after it', async () => {
    const app = application(middlewareChain(passing('a'), passing('b'), passing('c')));
    expect((app.router as unknown as { stack: unknown[] }).stack).toHaveLength(3);
    const res = await request(app).get('/route').expect(200);
    expect(res.headers['x-passed']).toBe('abc');
    expect(res.body).toEqual({ reached: true });
  });

  it('leaves the chain with the error a handler passes, thrown or rejected, to the error handler', async () => {
    const failures: Record<string, RequestHandler> = {
      passed: (_req, _res, next) => next(new Error('passed')),
      thrown: () => {
        throw new Error('thrown');
      },
      rejected: () => Promise.reject(new Error('rejected')),
    };
    for (const [name, failing] of Object.entries(failures)) {
      const app = application(middlewareChain(passing('a'), failing, passing('c')));
      const res = await request(app).get('/route').expect(500);
      expect(res.body).toEqual({ error: name });
      expect(res.headers['x-passed']).toBe('a');
    }
  });

  it('lets a handler answer without going on', async () => {
    const answering: RequestHandler = (_req, res) => void res.status(204).end();
    const res = await request(application(middlewareChain(passing('a'), answering, passing('c'))))
      .get('/route')
      .expect(204);
    expect(res.headers['x-passed']).toBe('a');
  });

  it('is the handler itself when it chains one', () => {
    const only = passing('a');
    expect(middlewareChain(only)).toBe(only);
  });
});
