import express from 'express';
import request from 'supertest';
import type { AuditService } from '../../audit/audit.service.js';
import type { AppConfig } from '../../config/app-config.js';
import type { HubService } from '../../hub/hub.service.js';
import { createBaseClient } from '../../prisma/base-client.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import { MetricsService } from './metrics.service.js';

// a pool that never connects: the gauges read its counts, nothing here queries
const base = createBaseClient('postgresql://postgres@127.0.0.1:1/none', 3);
afterAll(() => base.$disconnect());

function metricsOf(config: Partial<AppConfig> = { metricsToken: 'token' }) {
  const hub = { localConnections: () => ({ WebSockets: 2, ServerSentEvents: 1, LongPolling: 0 }) } as unknown as HubService;
  const audit = { queued: 7 } as AuditService;
  return new MetricsService({ base } as PrismaService, hub, audit, { databasePoolSize: 3, ...config } as AppConfig);
}

async function valuesOf(metrics: MetricsService, name: string) {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  return (await metric.get()).values.map(({ labels, value }) => ({ labels, value }));
}

/** An app like the server: the counting first, then a route with a parameter, a router mounted at a folder, a handler mounted at one. */
function appOf(metrics: MetricsService) {
  const app = express();
  app.use(metrics.httpMiddleware());
  app.get('/api/v1/order/:id', (_req, res) => res.send('order'));
  app.get('/api/v1/broken', () => {
    throw new Error('broken');
  });
  const health = express.Router();
  health.get('/live', (_req, res) => res.send('ok'));
  app.use('/api/health', health);
  app.use('/t', (_req, res) => res.status(404).send('unknown link'));
  return app;
}

describe('MetricsService', () => {
  it('labels each request with what answered it: a route template, a mounted router’s route, the mount folder, or other', async () => {
    const metrics = metricsOf();
    const app = appOf(metrics);
    await request(app).get('/api/v1/order/123').expect(200);
    await request(app).get('/api/v1/order/456').expect(200);
    await request(app).get('/api/health/live').expect(200);
    await request(app).get('/t/secret-link-token').expect(404);
    await request(app).get('/nowhere/789').expect(404);
    expect(await valuesOf(metrics, 'http_requests_total')).toEqual([
      { labels: { method: 'GET', route: '/api/v1/order/:id', status: 200 }, value: 2 },
      { labels: { method: 'GET', route: '/api/health/live', status: 200 }, value: 1 },
      { labels: { method: 'GET', route: '/t', status: 404 }, value: 1 },
      { labels: { method: 'GET', route: 'other', status: 404 }, value: 1 },
    ]);
    // in every series, the histogram's included: no URL asked
    const routes = new Set([...(await metrics.registry.metrics()).matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    expect([...routes].sort()).toEqual(['/api/health/live', '/api/v1/order/:id', '/t', 'other']);
  });

  it('counts the answers of 500 and above as server errors, by route', async () => {
    const metrics = metricsOf();
    const app = appOf(metrics);
    await request(app).get('/api/v1/broken').expect(500);
    await request(app).get('/api/v1/order/1').expect(200);
    expect(await valuesOf(metrics, 'http_server_errors_total')).toEqual([{ labels: { method: 'GET', route: '/api/v1/broken' }, value: 1 }]);
  });

  it('reads the pool, the hub and the audit queue when scraped', async () => {
    const metrics = metricsOf();
    expect(await valuesOf(metrics, 'db_pool_max_connections')).toEqual([{ labels: {}, value: 3 }]);
    expect(await valuesOf(metrics, 'db_pool_connections')).toEqual([{ labels: {}, value: 0 }]);
    expect(await valuesOf(metrics, 'audit_queue_length')).toEqual([{ labels: {}, value: 7 }]);
    expect(await valuesOf(metrics, 'hub_connections')).toEqual([
      { labels: { transport: 'WebSockets' }, value: 2 },
      { labels: { transport: 'ServerSentEvents' }, value: 1 },
      { labels: { transport: 'LongPolling' }, value: 0 },
    ]);
  });

  it('times a transfer from its start to its end and counts it then', async () => {
    const metrics = metricsOf();
    const end = metrics.startTransfer({ kind: 'import', name: 'prices' });
    expect(await valuesOf(metrics, 'xlsx_transfers_total')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    end();
    expect(await valuesOf(metrics, 'xlsx_transfers_total')).toEqual([{ labels: { kind: 'import', name: 'prices' }, value: 1 }]);
    const sum = (await valuesOf(metrics, 'xlsx_transfer_duration_seconds')).find((v) => v.labels.kind === 'import' && !('le' in v.labels));
    expect(sum?.value).toBeGreaterThanOrEqual(0.015);
  });

  it('counts imports refused for a workbook past a limit or a busy server, by import and status', async () => {
    const metrics = metricsOf();
    metrics.refusedImport('finance-costs', 413);
    metrics.refusedImport('finance-costs', 413);
    metrics.refusedImport('prices', 429);
    expect(await valuesOf(metrics, 'xlsx_import_refusals_total')).toEqual([
      { labels: { name: 'finance-costs', status: 413 }, value: 2 },
      { labels: { name: 'prices', status: 429 }, value: 1 },
    ]);
  });

  it('keeps each instance’s metrics apart, and runs the process monitors only when the metrics are on', async () => {
    const on = metricsOf();
    const off = metricsOf({});
    expect(on.registry.getSingleMetric('process_resident_memory_bytes')).toBeDefined();
    expect(off.registry.getSingleMetric('process_resident_memory_bytes')).toBeUndefined();
    await request(appOf(on)).get('/api/v1/order/1').expect(200);
    expect(await valuesOf(off, 'http_requests_total')).toEqual([]);
  });
});
