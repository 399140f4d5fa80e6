import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import type { AuditKind, AuditWriter, RowOf } from './audit-writer.js';
import { AuditService } from './audit.service.js';

/** A database in memory: refuses request rows for /refuse-me and exception rows saying "refuse me", and can be taken out of reach. */
class FakeWriter {
  up = true;
  attempts = 0;
  readonly tables: { [K in AuditKind]: RowOf<K>[] } = { request: [], error: [], change: [] };

  async write<K extends AuditKind>(kind: K, rows: readonly RowOf<K>[]) {
    this.attempts++;
    if (!this.up) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    if (rows.some((row) => ('path' in row && row.path === '/refuse-me') || ('message' in row && row.message === 'refuse me')))
      throw Object.assign(new Error('new row violates check constraint'), { code: '23514' });
    (this.tables[kind] as RowOf<K>[]).push(...rows);
  }

  async reachable() {
    return this.up;
  }
}

function audit(queueMax = 1000) {
  const writer = new FakeWriter();
  const service = new AuditService(writer as unknown as AuditWriter, { auditEnabled: true, auditQueueMax: queueMax } as AppConfig);
  return { writer, service };
}

const request = (path: string) => ({ method: 'GET', path, status: 200, durationMs: 1 });

describe('AuditService', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.useRealTimers());

  it('writes a batch the database refuses row by row: only the bad row is lost, and the exception log says so', async () => {
    const { writer, service } = audit();
    service.recordRequest(request('/a'));
    service.recordRequest(request('/refuse-me'));
    service.recordRequest(request('/b'));
    service.recordChange({ tableName: 'Customer', operation: 'update', recordId: '1', before: { id: 1 }, after: { id: 1 } });
    await service.flush();
    expect(writer.tables.request.map((r) => r.path)).toEqual(['/a', '/b']);
    expect(writer.tables.change).toHaveLength(1);
    expect(writer.tables.error.map((e) => e.message)).toEqual([expect.stringMatching(/request_log row was refused.*23514.*GET \/refuse-me/)]);
  });

  it('does not report a refused exception-log row in the exception log again', async () => {
    const { writer, service } = audit();
    service.recordError({ message: 'refuse me' });
    service.recordError({ message: 'fine' });
    await service.flush();
    expect(writer.tables.error.map((e) => e.message)).toEqual(['fine']);
    await service.flush();
    expect(writer.tables.error).toHaveLength(1);
  });

  it('keeps records while the database is out of reach and writes them, in order, when it answers again', async () => {
    jest.useFakeTimers();
    const { writer, service } = audit();
    writer.up = false;
    for (let i = 0; i < 5; i++) service.recordRequest(request(`/r${i}`));
    await service.flush();
    service.recordRequest(request('/r5'));
    expect(writer.tables.request).toEqual([]);
    writer.up = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect(writer.tables.request.map((r) => r.path)).toEqual(['/r0', '/r1', '/r2', '/r3', '/r4', '/r5']);
    expect(writer.tables.error).toEqual([]);
  });

  it('retries with a growing wait while the database stays out of reach, not in a loop', async () => {
    jest.useFakeTimers();
    const { writer, service } = audit(5000);
    writer.up = false;
    service.recordRequest(request('/r'));
    await jest.advanceTimersByTimeAsync(60_000);
    // first write after 300 ms, then retries after 0.5, 1, 2, 4, 8, 16, 30 s: nine tries in a minute at most
    expect(writer.attempts).toBeLessThanOrEqual(9);
    const before = writer.attempts;
    for (let i = 0; i < 2000; i++) service.recordRequest(request(`/more${i}`));
    await jest.advanceTimersByTimeAsync(1000);
    expect(writer.attempts - before).toBeLessThanOrEqual(1);
    writer.up = true;
    await jest.advanceTimersByTimeAsync(30_000);
    expect(writer.tables.request).toHaveLength(2001);
  });

  it('drops the oldest records when the queue is full and writes their number to the exception log once writing resumes', async () => {
    jest.useFakeTimers();
    const { writer, service } = audit(10);
    writer.up = false;
    for (let i = 0; i < 25; i++) service.recordRequest(request(`/r${i}`));
    await service.flush();
    writer.up = true;
    await service.flush();
    expect(writer.tables.request.map((r) => r.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/r${i + 15}`));
    expect(writer.tables.error.map((e) => e.message)).toEqual([expect.stringContaining('15 records were dropped (queue limit 10)')]);
  });

  it('redacts and bounds each record before it is queued', async () => {
    const { writer, service } = audit();
    service.recordRequest({ ...request('/p\u0000'), userAgent: 'ua\u0000'.repeat(200), params: { body: { password: 'secret1' } } });
    service.recordChange({
      tableName: 'User',
      operation: 'update',
      recordId: '7',
      before: { id: 7, passwordHash: 'h1' },
      after: { id: 7, passwordHash: 'h2' },
    });
    service.recordError({ message: 'failed', route: '/api/v1/x?token=t0k', stack: 'Error: failed' });
    await service.flush();
    const [row] = writer.tables.request;
    expect(row.path).toBe('/p\\u0000');
    expect(row.userAgent!.length).toBeLessThanOrEqual(300);
    expect(JSON.parse(row.params!)).toEqual({ body: { password: '******' } });
    expect(writer.tables.change[0]).toMatchObject({ before: '{"id":7,"passwordHash":"******"}', after: '{"id":7,"passwordHash":"******"}' });
    expect(writer.tables.error[0].route).toBe('/api/v1/x?token=******');
  });
});
