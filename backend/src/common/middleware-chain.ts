import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middlewares that every request passes through, one after the other, mounted as one layer of Express's router
 * instead of one each: the router's walk costs a few allocations and a path match per layer and per request
 * (docs/performance.md, "Each layer's cost"), which the middlewares that every answer carries need not pay
 * apart. Each handler is called as Express calls it: `next()` goes on to the following handler, then on past the
 * chain; `next(error)` leaves the chain at once with the error, as the router carries it, and so do a handler
 * that throws (through the layer Express wraps the chain in) and a promise a handler returns that rejects.
 */
export function middlewareChain(...handlers: readonly RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0];
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (handler === undefined) return next();
      const result: unknown = handler(req, res, step);
      if (result instanceof Promise) result.catch(step);
    };
    step();
  };
}
