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

  it('keeps CORS off unless CORS_ORIGINS lists origins, and refuses anything that is not an origin', () => {
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, CORS_ORIGINS: ' https://partner.example, http://localhost:5173/ ' }).corsOrigins).toEqual([
      'https://partner.example',
      'http://localhost:5173',
    ]);
    for (const wrong of ['*', 'partner.example', 'https://partner.example/app', 'null']) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: wrong })).toThrow(/CORS_ORIGINS/);
    }
  });

  it('trusts the loopback proxy unless TRUST_PROXY says otherwise', () => {
    expect(loadConfig(base).trustProxy).toBe('loopback');
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8, loopback');
  });

  it('sends HSTS only with HSTS=true', () => {
    expect(loadConfig(base).hsts).toBe(false);
    expect(loadConfig({ ...base, HSTS: 'true' }).hsts).toBe(true);
  });

  it('limits request bodies to 1 MB and 20 levels unless BODY_LIMIT_KB and BODY_MAX_DEPTH say otherwise', () => {
    expect(loadConfig(base)).toMatchObject({ bodyLimitBytes: 1024 * 1024, bodyMaxDepth: 20 });
    expect(loadConfig({ ...base, BODY_LIMIT_KB: '64', BODY_MAX_DEPTH: '8' })).toMatchObject({ bodyLimitBytes: 64 * 1024, bodyMaxDepth: 8 });
    expect(() => loadConfig({ ...base, BODY_LIMIT_KB: '1mb' })).toThrow(/BODY_LIMIT_KB/);
    expect(() => loadConfig({ ...base, BODY_MAX_DEPTH: '0' })).toThrow(/BODY_MAX_DEPTH/);
  });

  it('serves the API documentation outside production unless API_DOCS=false, in production only with API_DOCS=true', () => {
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
  });
});
