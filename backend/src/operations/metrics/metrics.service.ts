import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AuditService } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { HubService } from '../../hub/hub.service.js';
import { poolOf } from '../../prisma/base-client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import type { TransferLabels } from '../../common/transfer.decorator.js';

/** Spreadsheet exports and imports take from a second to minutes (a large export streams for long). */
const TRANSFER_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/**
 * The server's Prometheus metrics (docs/monitoring.md), in a registry of this app's own: prom-client's
 * global one would refuse a second app in the same process (the tests start several). Requests are
 * counted by their route template, never the raw URL (one series per route, not per order id); the
 * gauges are read when Prometheus scrapes.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly serverErrors: Counter<'method' | 'route'>;
  private readonly transfers: Counter<'kind' | 'name'>;
  private readonly transferSeconds: Histogram<'kind' | 'name'>;
  private readonly importRefusals: Counter<'name' | 'status'>;

  constructor(prisma: PrismaService, hub: HubService, audit: AuditService, @Inject(APP_CONFIG) config: AppConfig) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template',
      labelNames: ['method', 'route'],
      registers,
    });
    this.serverErrors = new Counter({
      name: 'http_server_errors_total',
      help: 'HTTP requests answered with a 5xx status, by method and route template',
      labelNames: ['method', 'route'],
      registers,
    });
    this.transfers = new Counter({
      name: 'xlsx_transfers_total',
      help: 'Spreadsheet exports and imports completed, by kind and name',
      labelNames: ['kind', 'name'],
      registers,
    });
    this.importRefusals = new Counter({
      name: 'xlsx_import_refusals_total',
      help: 'Imports refused for a workbook past an import limit (413) or another import running (429), by name and status',
      labelNames: ['name', 'status'],
      registers,
    });
    this.transferSeconds = new Histogram({
      name: 'xlsx_transfer_duration_seconds',
      help: 'Time from the request to the last byte of a spreadsheet export or the answer of an import',
      labelNames: ['kind', 'name'],
      buckets: TRANSFER_BUCKETS,
      registers,
    });

    const pool = poolOf(prisma.base);
    new Gauge({ name: 'db_pool_connections', help: 'Connections open to PostgreSQL', registers, collect: gaugeOf(() => pool.totalCount) });
    new Gauge({ name: 'db_pool_idle_connections', help: 'Open connections to PostgreSQL not in use', registers, collect: gaugeOf(() => pool.idleCount) });
    new Gauge({
      name: 'db_pool_waiting_clients',
      help: 'Queries waiting for a free connection to PostgreSQL',
      registers,
      collect: gaugeOf(() => pool.waitingCount),
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'Connections the pool opens at most (DATABASE_POOL_SIZE)',
      registers,
      collect: gaugeOf(() => config.databasePoolSize),
    });
    new Gauge({
      name: 'hub_connections',
      help: 'Hub connections of this process, by transport',
      labelNames: ['transport'],
      registers,
      collect() {
        for (const [transport, count] of Object.entries(hub.localConnections())) this.set({ transport }, count);
      },
    });
    new Gauge({ name: 'audit_queue_length', help: 'Audit records waiting to be written to the database', registers, collect: gaugeOf(() => audit.queued) });
    // process memory, CPU, event-loop delay, GC: their monitors cost a little all the time, so only when read
    if (config.metricsToken) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts and times each request when it is answered (or abandoned), under its route template. */
  httpMiddleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const started = performance.now();
      res.once('close', () => {
        const route = routeOf(req);
        this.requests.inc({ method: req.method, route, status: res.statusCode });
        this.requestSeconds.observe({ method: req.method, route }, (performance.now() - started) / 1000);
        if (res.statusCode >= 500) this.serverErrors.inc({ method: req.method, route });
      });
      next();
    };
  }

  /** Counts an import refused for its workbook's size (413) or for want of a free place (429). */
  refusedImport(name: string, status: number): void {
    this.importRefusals.inc({ name, status });
  }

  /** Starts timing an export or import; the answer ends it and counts it. */
  startTransfer(labels: TransferLabels): () => void {
    const end = this.transferSeconds.startTimer(labels);
    return () => {
      end();
      this.transfers.inc(labels);
    };
  }
}

function gaugeOf(read: () => number) {
  return function (this: Gauge) {
    this.set(read());
  };
}

/**
 * The route template that answered (`/api/v1/order/:kind/detail/:orderId`, `/chathub`), the folder a
 * handler is mounted at (`/t`, `/files`, `/api` and `/api/v1` for unknown API paths) when no route did,
 * or `other` (the web client's files, unknown paths): a bounded set of values whatever the URLs asked.
 * A folder is the part of the URL its mount matched, in the caller's case (Express matches paths without
 * case): lower-cased, it is the mount's own path, so `/API/V1/Foo` and `/api/v1/foo` count as one.
 */
function routeOf(req: Request): string {
  // Express leaves baseUrl undefined once an error has left the router
  const folder = (req.baseUrl ?? '').toLowerCase();
  const template = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof template === 'string') return folder && template === '/' ? folder : folder + template;
  return folder || 'other';
}
