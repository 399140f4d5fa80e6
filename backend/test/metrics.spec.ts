// Prometheus metrics at /api/metrics (docs/monitoring.md): off without METRICS_TOKEN, behind it otherwise; and the
// Grafana dashboard of deploy/ queries nothing the server does not export.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connectHub } from './hub-client.js';
import { CFB } from './sample-files.js';
import { readWorkbook, sheetValues, workbookFile } from './xlsx.js';
import { DEMO, requestAs, useTestApp, type TestApp } from './app.js';

const TOKEN = 'metrics-test-token-0123456789';
const DASHBOARD = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'grafana', 'forwarder-dashboard.json');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (`name{a="x",b="y"} 1`). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of `name` carrying these labels (others it carries too are not compared). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Every series name the server may expose: each metric's `# TYPE` line, a histogram's _bucket, _sum and _count. */
function seriesNamesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    else names.add(name);
  }
  return names;
}

const scrape = async (t: TestApp) => (await t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

describe('metrics', () => {
  describe('without METRICS_TOKEN', () => {
    const { t } = useTestApp();

    it('are off: /api/metrics is an unknown path (404), with or without a token', async () => {
      await t.http().get('/api/metrics').expect(404);
      await t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
    });
  });

  describe('with METRICS_TOKEN', () => {
    const { t, admin } = useTestApp({ admin: DEMO.admin }, { metricsToken: TOKEN });

    it('refuses a caller without the token, or with another (401), saying what is needed', async () => {
      const none = await t.http().get('/api/metrics').expect(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.body).toMatchObject({ success: false, message: '需要有效的监控令牌（METRICS_TOKEN）' });
      // the refusal names its request, as every error answer does (docs/logging.md)
      expect(none.body.requestId).toBe(none.headers['x-request-id']);
      await t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
      await t.http().get('/api/metrics').set('Authorization', TOKEN).expect(401);
      const english = await t.http().get('/api/metrics').set('Accept-Language', 'en').expect(401);
      expect(english.body.message).toBe('A valid metrics token (METRICS_TOKEN) is required');
    });

    it('counts and times requests under their route template, never the raw URL', async () => {
      const staff = await t.prisma.db.user.findFirstOrThrow({ where: { account: 'sales01' }, select: { id: true } });
      await requestAs(t, admin).get(`/api/v1/user/detail/${staff.id}`).expect(200);
      await requestAs(t, admin).get(`/api/v1/user/detail/${admin.userid}`).expect(200);
      await requestAs(t, admin).get('/api/v1/user/detail/999999999').expect(404);
      const res = await t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = samplesOf(res.text);
      const route = '/api/v1/user/detail/:id';
      expect(valueOf(samples, 'http_requests_total', { method: 'GET', route, status: '200' })).toBe(2);
      expect(valueOf(samples, 'http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
      expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route })).toBe(3);
      expect(valueOf(samples, 'http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' })).toBe(3);
      // no series of any metric carries an id asked
      const routes = [...new Set(samples.map((sample) => sample.labels.route).filter(Boolean))];
      expect(routes).toContain(route);
      expect(routes.filter((label) => /\/\d+(\/|$)/.test(label))).toEqual([]);
      // the routes outside the API by theirs too
      await t.http().get('/api/health/live').expect(200);
      expect(valueOf(samplesOf(await scrape(t)), 'http_requests_total', { method: 'GET', route: '/api/health/live', status: '200' })).toBe(1);
    });

    it('labels a path asked in any case by its template alone, and unknown paths by one fixed label each', async () => {
      const earlier = samplesOf(await scrape(t));
      const before = new Set(earlier.map((sample) => sample.labels.route));
      const count = (samples: typeof earlier, route: string, status: string) => valueOf(samples, 'http_requests_total', { method: 'GET', route, status }) ?? 0;
      await t.http().get('/API/HEALTH/LIVE').expect(200);
      await t.http().get('/Api/Health/Live').expect(200);
      for (const path of ['/API/V1/Foo', '/api/v1/foo', '/Api/V1/Bar/7', '/API/Nothing', '/api/nothing/8', '/T/x', '/FILES/2026/x.png'])
        expect((await t.http().get(path)).status).toBeGreaterThanOrEqual(400);
      const samples = samplesOf(await scrape(t));
      const labels = [...new Set(samples.map((sample) => sample.labels.route))].filter((route) => route && !before.has(route));
      expect(labels.filter((route) => route !== route.toLowerCase())).toEqual([]);
      const added = (route: string, status: string) => count(samples, route, status) - count(earlier, route, status);
      expect(added('/api/health/live', '200')).toBe(2);
      // the API router's catch-all for its unknown paths, and the JSON 404 of the rest of /api
      expect(added('/api/v1*path', '404')).toBe(3);
      expect(added('/api', '404')).toBe(2);
    });

    it('reads the database pool, the audit queue and the process when scraped', async () => {
      const samples = samplesOf(await scrape(t));
      expect(valueOf(samples, 'db_pool_connections')).toBeGreaterThan(0);
      expect(valueOf(samples, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'db_pool_waiting_clients')).toBe(0);
      expect(valueOf(samples, 'db_pool_max_connections')).toBe(t.config.databasePoolSize);
      expect(valueOf(samples, 'audit_queue_length')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
      expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    });

    it('counts the hub connections of this process per transport', async () => {
      expect(valueOf(samplesOf(await scrape(t)), 'hub_connections', { transport: 'WebSockets' })).toBe(0);
      const connection = await connectHub(t.url, admin.token);
      try {
        const samples = samplesOf(await scrape(t));
        expect(valueOf(samples, 'hub_connections', { transport: 'WebSockets' })).toBe(1);
        expect(valueOf(samples, 'hub_connections', { transport: 'ServerSentEvents' })).toBe(0);
        expect(valueOf(samples, 'hub_connections', { transport: 'LongPolling' })).toBe(0);
      } finally {
        await connection.stop();
      }
    });

    it('counts and times a spreadsheet export once it has been sent, and not a refused one', async () => {
      const labels = { kind: 'export', name: 'prices' };
      expect(valueOf(samplesOf(await scrape(t)), 'xlsx_transfers_total', labels)).toBeUndefined();
      await requestAs(t, admin).post('/api/v1/price/export').send({ shipType: 'smallbag' }).responseType('blob').expect(200);
      await requestAs(t, admin).post('/api/v1/price/export').send({ shipType: 'boat' }).expect(400);
      const samples = samplesOf(await scrape(t));
      expect(valueOf(samples, 'xlsx_transfers_total', labels)).toBe(1);
      expect(valueOf(samples, 'xlsx_transfer_duration_seconds_count', labels)).toBe(1);
      expect(valueOf(samples, 'xlsx_transfer_duration_seconds_sum', labels)).toBeGreaterThan(0);
    });

    it('counts an import once answered, and not a file refused before it', async () => {
      const labels = { kind: 'import', name: 'prices' };
      const post = (file: Buffer) =>
        requestAs(t, admin).post('/api/v1/price/import/smallbag').attach('file', file, { filename: 'prices.xlsx', contentType: 'application/octet-stream' });
      await post(CFB).expect(400);
      expect(valueOf(samplesOf(await scrape(t)), 'xlsx_transfers_total', labels)).toBeUndefined();
      // the template's columns and a wrong row: read, nothing written, the report says why
      const template = await requestAs(t, admin).post('/api/v1/price/template').responseType('blob').expect(200);
      const [headers] = sheetValues((await readWorkbook(template.body)).getWorksheet('价格')!);
      const report = await post(await workbookFile('价格', [headers, ['出售', '', 'USNYC', '', 'kg', '', 'abc', '', '2026-12-31', '', '', '']])).expect(200);
      expect(report.body.data.applied).toBe(false);
      const samples = samplesOf(await scrape(t));
      expect(valueOf(samples, 'xlsx_transfers_total', labels)).toBe(1);
      expect(valueOf(samples, 'xlsx_transfer_duration_seconds_count', labels)).toBe(1);
    });

    it('are not written to the request log', async () => {
      await scrape(t);
      await t.flushAudit();
      expect(await t.prisma.db.requestLog.count({ where: { path: { startsWith: '/api/metrics' } } })).toBe(0);
    });

    it('match the Grafana dashboard of deploy/: every series it queries is one the server exports', async () => {
      const exported = seriesNamesOf(await scrape(t));
      const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
        panels: { title: string; targets?: { expr: string }[] }[];
        templating: { list: { name: string; type: string }[] };
      };
      expect(dashboard.templating.list).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'datasource', type: 'datasource' })]));
      const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
      // every series is selected with braces in the dashboard ({job=~"$job"…}), which is how it is found here
      const queried = new Set(exprs.flatMap((expr) => [...expr.matchAll(/([a-zA-Z_:][\w:]*)\{/g)].map((m) => m[1])));
      expect(queried.size).toBeGreaterThanOrEqual(12);
      expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
      for (const name of [
        'http_requests_total',
        'http_server_errors_total',
        'http_request_duration_seconds_bucket',
        'db_pool_waiting_clients',
        'hub_connections',
        'audit_queue_length',
        'xlsx_transfers_total',
        'xlsx_transfer_duration_seconds_bucket',
      ]) {
        expect(queried).toContain(name);
      }
    });
  });
});
