import { loadConfig, type AppConfig } from './app-config.js';

describe('loadConfig', () => {
  const base = { DATABASE_URL: 'postgresql://u@h/db' };

  it('refuses to start without DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow('DATABASE_URL is not set');
  });

  it.each<[string, keyof AppConfig, [env: NodeJS.ProcessEnv, value: unknown][]]>([
    [
      'keeps at most 20 database connections unless DATABASE_POOL_SIZE says otherwise',
      'databasePoolSize',
      [
        [{}, 20],
        [{ DATABASE_POOL_SIZE: '50' }, 50],
        [{ DATABASE_POOL_SIZE: 'many' }, 20],
        [{ DATABASE_POOL_SIZE: '0' }, 20],
      ],
    ],
    [
      'writes the audit trail unless AUDIT_ENABLED=false',
      'auditEnabled',
      [
        [{}, true],
        [{ AUDIT_ENABLED: 'false' }, false],
      ],
    ],
    [
      'keeps at most 20,000 audit records waiting for the database unless AUDIT_QUEUE_MAX says otherwise',
      'auditQueueMax',
      [
        [{}, 20_000],
        [{ AUDIT_QUEUE_MAX: '500' }, 500],
        [{ AUDIT_QUEUE_MAX: '0' }, 20_000],
        [{ AUDIT_QUEUE_MAX: '1.5' }, 20_000],
      ],
    ],
    [
      'trusts the loopback proxy unless TRUST_PROXY says otherwise',
      'trustProxy',
      [
        [{}, 'loopback'],
        [{ TRUST_PROXY: '1' }, 1],
        [{ TRUST_PROXY: 'false' }, false],
        [{ TRUST_PROXY: '10.0.0.0/8, loopback' }, '10.0.0.0/8, loopback'],
      ],
    ],
    [
      'sends HSTS only with HSTS=true',
      'hsts',
      [
        [{}, false],
        [{ HSTS: 'true' }, true],
      ],
    ],
    [
      'serves the API documentation outside production unless API_DOCS=false, in production only with API_DOCS=true',
      'apiDocs',
      [
        [{}, true],
        [{ API_DOCS: 'false' }, false],
        [{ NODE_ENV: 'production' }, false],
        [{ NODE_ENV: 'production', API_DOCS: 'true' }, true],
      ],
    ],
  ])('%s', (_, setting, cases) => {
    for (const [env, value] of cases) expect(loadConfig({ ...base, ...env })[setting]).toBe(value);
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

  it('limits request bodies to 1 MB and 20 levels unless BODY_LIMIT_KB and BODY_MAX_DEPTH say otherwise', () => {
    expect(loadConfig(base)).toMatchObject({ bodyLimitBytes: 1024 * 1024, bodyMaxDepth: 20 });
    expect(loadConfig({ ...base, BODY_LIMIT_KB: '64', BODY_MAX_DEPTH: '8' })).toMatchObject({ bodyLimitBytes: 64 * 1024, bodyMaxDepth: 8 });
    expect(() => loadConfig({ ...base, BODY_LIMIT_KB: '1mb' })).toThrow(/BODY_LIMIT_KB/);
    expect(() => loadConfig({ ...base, BODY_MAX_DEPTH: '0' })).toThrow(/BODY_MAX_DEPTH/);
  });
});
