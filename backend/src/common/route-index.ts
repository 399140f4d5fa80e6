import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * Express's router finds a request's route by walking its whole stack: every layer's path-to-regexp matcher
 * is tried in turn until one matches, so a call to the API tries about 270 of Nest's routes (most of the
 * router's cost per call, docs/performance.md). `indexRoutes` makes the application's router walk a stack in
 * which each long run of route layers stands as one layer that finds the run's candidates directly, from a
 * tree of the routes' leading literal segments, and then does with them exactly what Express's walk does:
 *
 * - the candidates are tried in the stack's order with each layer's own matcher, so `req.params`, their
 *   decoding (and a malformed escape's 400) and which route wins are Express's own; the tree only leaves out
 *   routes whose leading literal segments the path does not have (Express matches without case, so the tree
 *   is keyed by lower-cased segments: a route that matches a path always has its segments there);
 * - a route answers its methods, HEAD any route that answers GET (Route#dispatch), and `next('route')` or a
 *   route that passes goes on to the next candidate, then out of the run to the layers after it; an error
 *   leaves the run at once (Express skips every route layer while an error is carried);
 * - `req.route`, `req.params` and the router's matched-route mark are set as Express sets them.
 *
 * The router's own `stack` stays as it is (what reads it, such as the authorisation matrix's spec, sees every
 * route in its place): the router walks a folded copy of it, made again whenever the stack's length changes
 * (a layer added later). Express's walk is its own (`Router.prototype.handle`), only over that copy.
 *
 * What it does not do: collect an unanswered OPTIONS request's methods for Express's automatic `Allow`
 * answer. Every run folded here is Nest's routes under the API prefix, whose catch-all (Nest's not-found
 * route, after them) answers every method of every path under it, so that answer is never reached.
 *
 * Runs shorter than `minRun` are left to Express's walk, as are applications with `app.param` callbacks.
 * Returns how many route layers were folded.
 */
export function indexRoutes(app: express.Express, minRun = 8): number {
  const router = app.router as unknown as IndexedRouter;
  if (Object.keys(router.params).length > 0 || router.mergeParams || router[INDEXED]) return 0;
  const marked = matchedRouteMark();
  let foldedFrom = -1;
  let walked: Layer[] = [];
  let folded = 0;
  const refold = () => {
    folded = 0;
    const stack: Layer[] = [];
    let run: Layer[] = [];
    const flush = () => {
      if (run.length >= minRun) {
        stack.push(runLayer(run, marked));
        folded += run.length;
      } else stack.push(...run);
      run = [];
    };
    for (const layer of router.stack) {
      if (layer.route) run.push(layer);
      else {
        flush();
        stack.push(layer);
      }
    }
    flush();
    walked = stack;
    foldedFrom = router.stack.length;
  };
  refold();
  // what Express's walk sees as `this`: the router, with the folded stack as its own
  const view = Object.create(router) as IndexedRouter;
  Object.defineProperty(view, 'stack', {
    get: () => {
      if (router.stack.length !== foldedFrom) refold();
      return walked;
    },
  });
  const walk = (Object.getPrototypeOf(router) as IndexedRouter).handle;
  router.handle = (req, res, done) => walk.call(view, req, res, done);
  router[INDEXED] = true;
  return folded;
}

const INDEXED = Symbol('route-index');

/** What this module uses of Express 5's (the `router` package's) Router. */
interface IndexedRouter {
  stack: Layer[];
  params: Record<string, unknown>;
  mergeParams?: boolean;
  handle(req: Request, res: Response, done: NextFunction): void;
  [INDEXED]?: boolean;
}

/** Indexes the application's routes once Nest has registered them and its not-found route (at init, before it listens). */
@Injectable()
export class RouteIndex implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const instance: unknown = this.adapterHost.httpAdapter?.getInstance();
    if (typeof instance === 'function' && 'router' in instance) indexRoutes(instance as express.Express);
  }
}

/** What this module uses of Express 5's (the `router` package's) Layer and Route. */
interface Layer {
  route?: { path: unknown; _handlesMethod(method: string): boolean };
  rawPath?: unknown;
  handle: RequestHandler;
  match(path: string): false | { params: Record<string, string>; pattern?: unknown };
  handleRequest(req: Request, res: Response, next: NextFunction): void;
}

/** Characters that make a path segment more than literal text in path-to-regexp 8 (parameters, wildcards, groups, escapes). */
const NOT_LITERAL = /[:*{}()[\]?+!\\]/;

/** A route's leading literal segments, lower-cased (`/api/v1/order/:kind/add` → api, v1, order); none for a RegExp or a list of paths. */
function literalPrefix(path: unknown): { segments: string[]; literal: boolean } {
  if (typeof path !== 'string') return { segments: [], literal: false };
  const segments: string[] = [];
  const parts = path.split('/').slice(1);
  // a trailing slash is loosened away by Express (non-strict routing)
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  for (const part of parts) {
    if (part === '' || NOT_LITERAL.test(part)) return { segments, literal: false };
    segments.push(part.toLowerCase());
  }
  return { segments, literal: true };
}

interface Node {
  children: Map<string, Node>;
  /** routes whose literal prefix ends here and that go on with parameters or wildcards */
  open: number[];
  /** routes that are this literal path exactly */
  exact: number[];
  /** the candidates of a path that stops in this node with segments left: this node's and its ancestors' open routes, in stack order */
  partial: Layer[];
  /** the candidates of a path that ends in this node: those and its exact routes */
  full: Layer[];
}

const newNode = (): Node => ({ children: new Map(), open: [], exact: [], partial: [], full: [] });

function buildTree(layers: Layer[]): Node {
  const root = newNode();
  layers.forEach((layer, position) => {
    const { segments, literal } = literalPrefix(layer.route?.path ?? layer.rawPath);
    let node = root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = newNode()));
      node = child;
    }
    (literal ? node.exact : node.open).push(position);
  });
  const fill = (node: Node, inherited: number[]) => {
    const open = [...inherited, ...node.open].sort((a, b) => a - b);
    node.partial = open.map((position) => layers[position]);
    node.full = [...open, ...node.exact].sort((a, b) => a - b).map((position) => layers[position]);
    for (const child of node.children.values()) fill(child, open);
  };
  fill(root, []);
  return root;
}

/** The candidates for `path` (a URL's path, no query): the deepest node its leading segments reach. */
function candidatesOf(root: Node, path: string): Layer[] {
  const lower = path.toLowerCase();
  let node = root;
  let from = 1;
  while (from <= lower.length) {
    let to = lower.indexOf('/', from);
    if (to === -1) to = lower.length;
    // a trailing slash ends the path (non-strict routing)
    if (to === from) return to === lower.length - 1 || to === lower.length ? node.full : node.partial;
    const child = node.children.get(lower.slice(from, to));
    if (!child) return node.partial;
    node = child;
    from = to + 1;
  }
  return node.full;
}

/** One layer standing for `run`, a run of route layers of the application's stack. */
function runLayer(run: Layer[], marked: symbol | undefined): Layer {
  const root = buildTree(run);
  const dispatch = (req: Request, res: Response, done: NextFunction) => {
    const path = req.path;
    const candidates = candidatesOf(root, path);
    const method = req.method;
    let i = 0;
    const next = (error?: unknown): void => {
      if (error && error !== 'route') return done(error);
      while (i < candidates.length) {
        const layer = candidates[i++];
        let match: ReturnType<Layer['match']>;
        try {
          match = layer.match(path);
        } catch (failure) {
          return done(failure);
        }
        if (!match) continue;
        if (!layer.route!._handlesMethod(method) && method !== 'HEAD') continue;
        req.route = layer.route;
        if (marked) (req as unknown as Record<symbol, unknown>)[marked] = match.pattern;
        req.params = match.params;
        return layer.handleRequest(req, res, next);
      }
      done();
    };
    next();
  };
  // a layer as `app.use(dispatch)` makes it: at '/', matching every path without a matcher
  return (express.Router().use(dispatch) as unknown as { stack: Layer[] }).stack[0];
}

/**
 * The symbol under which Express's router keeps the matched route's pattern on the request (for its
 * diagnostics channel): not exported, so read from a request it routed once.
 */
function matchedRouteMark(): symbol | undefined {
  const probe = express.Router();
  let found: symbol | undefined;
  probe.get('/probe', (req) => {
    found = Object.getOwnPropertySymbols(req).find((symbol) => symbol.description === 'router.tracing.matchedRoute');
  });
  probe({ method: 'GET', url: '/probe', headers: {} } as Request, {} as Response, () => {});
  return found;
}
