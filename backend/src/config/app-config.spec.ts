import { isMonitoringPath, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  const base = { DATABASE_URL: 'postgresql://u@h/db' };

  it('refuses to start without DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow('DATABASE_URL is not set');
  });

  it.each([
    // the most database connections
    { variable: 'DATABASE_POOL_SIZE', field: 'databasePoolSize', fallback: 20, set: '50', invalid: ['many', '0'] },
    // the most audit records waiting for the database
    { variable: 'AUDIT_QUEUE_MAX', field: 'auditQueueMax', fallback: 20_000, set: '500', invalid: ['0', '1.5'] },
  ] as const)('keeps $field at $fallback unless $variable gives a positive whole number', ({ variable, field, fallback, set, invalid }) => {
    expect(loadConfig(base)[field]).toBe(fallback);
    expect(loadConfig({ ...base, [variable]: set })[field]).toBe(Number(set));
    for (const value of invalid) expect(loadConfig({ ...base, [variable]: value })[field]).toBe(fallback);
  });

  it('logs at info unless LOG_LEVEL names another level, and refuses an unknown one', () => {
    expect(loadConfig(base).logLevel).toBe('info');
    expect(loadConfig({ ...base, LOG_LEVEL: ' Debug ' }).logLevel).toBe('debug');
    expect(loadConfig({ ...base, LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ ...base, LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    );
  });

  it('logs JSON in production and when not at a terminal, pretty lines at a terminal, unless LOG_FORMAT says', () => {
    const atTerminal = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      expect(loadConfig(base).logFormat).toBe('pretty');
      expect(loadConfig({ ...base, NODE_ENV: 'production' }).logFormat).toBe('json');
      expect(loadConfig({ ...base, LOG_FORMAT: 'json' }).logFormat).toBe('json');
      process.stdout.isTTY = false;
      expect(loadConfig(base).logFormat).toBe('json');
      expect(loadConfig({ ...base, NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
      expect(() => loadConfig({ ...base, LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT must be one of json, pretty/);
    } finally {
      process.stdout.isTTY = atTerminal;
    }
  });

  it('writes backups into .data/backups unless BACKUP_DIR says where, and backs up before migrating only when told', () => {
    expect(loadConfig(base).backupDir).toMatch(/\/\.data\/backups$/);
    expect(loadConfig({ ...base, BACKUP_DIR: '/srv/backups/' }).backupDir).toBe('/srv/backups');
    expect(loadConfig(base).pgBinDir).toBeUndefined();
    expect(loadConfig({ ...base, PG_BIN_DIR: '/usr/lib/postgresql/16/bin' }).pgBinDir).toBe('/usr/lib/postgresql/16/bin');
    expect(loadConfig(base).backupBeforeMigrate).toBe(false);
    expect(loadConfig({ ...base, BACKUP_BEFORE_MIGRATE: 'true' }).backupBeforeMigrate).toBe(true);
  });

  it('writes the audit trail unless AUDIT_ENABLED=false', () => {
    expect(loadConfig(base).auditEnabled).toBe(true);
    expect(loadConfig({ ...base, AUDIT_ENABLED: 'false' }).auditEnabled).toBe(false);
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

describe('isMonitoringPath', () => {
  it('is the health and metrics paths and what lies below them, nothing that merely starts with their names', () => {
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics', '/api/metrics/x']) expect(isMonitoringPath(path)).toBe(true);
    for (const path of ['/api/healthy', '/api/health-live', '/api/metricsx', '/api/v1/health/live', '/api', '/', ''])
      expect(isMonitoringPath(path)).toBe(false);
  });
});
