import { loadConfig } from './app-config.js';

describe('loadConfig', () => {
  const base = { DATABASE_URL: 'postgresql://u@h/db' };

  it('refuses to start without DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow('DATABASE_URL is not set');
  });

  it('keeps at most 20 database connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig(base).databasePoolSize).toBe(20);
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '50' }).databasePoolSize).toBe(50);
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: 'many' }).databasePoolSize).toBe(20);
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '0' }).databasePoolSize).toBe(20);
  });

  it('writes the audit trail unless AUDIT_ENABLED=false', () => {
    expect(loadConfig(base).auditEnabled).toBe(true);
    expect(loadConfig({ ...base, AUDIT_ENABLED: 'false' }).auditEnabled).toBe(false);
  });

  it('keeps at most 20,000 audit records waiting for the database unless AUDIT_QUEUE_MAX says otherwise', () => {
    expect(loadConfig(base).auditQueueMax).toBe(20_000);
    expect(loadConfig({ ...base, AUDIT_QUEUE_MAX: '500' }).auditQueueMax).toBe(500);
    expect(loadConfig({ ...base, AUDIT_QUEUE_MAX: '0' }).auditQueueMax).toBe(20_000);
    expect(loadConfig({ ...base, AUDIT_QUEUE_MAX: '1.5' }).auditQueueMax).toBe(20_000);
  });
});
