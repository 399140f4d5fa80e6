// Secrets sealed at rest (issue 32, docs/security.md): the JWT secret and the login RSA key are kept in
// server_key sealed under the master key, which is not in the database; what a database dump holds signs
// no token; clear rows of an older install are sealed at the next start; a start with a wrong or missing
// master key stops, saying so; rotation re-seals under a new key.
import type { INestApplication } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMasterKey, rotateMasterKey, seal, unseal } from '../src/auth/master-key.js';
import { createApp } from '../src/app.factory.js';
import type { AppConfig } from '../src/config/app-config.js';
import { createTestApp, DEMO, login, useTestApp, viewOwnInfo, type TestApp } from './app.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'fwd-keys-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts (init) another server on the same database with `config`; closed after the check. */
async function startAnother(config: AppConfig): Promise<INestApplication> {
  const app = await createApp(config, { logger: false });
  try {
    await app.init();
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

/** An HS256 token signed with `secret` as bytes, whatever it looks like (jsonwebtoken refuses a PEM as an HMAC key). */
function forgeToken(secret: string, claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const rowsOf = (t: TestApp) => t.prisma.base.serverKey.findMany({ orderBy: { name: 'asc' } });

describe('server keys sealed under the master key', () => {
  const { t, admin } = useTestApp({ admin: DEMO.admin });
  const key = () => parseMasterKey(t.config.masterKey!, 'APP_MASTER_KEY');

  it('stores the JWT secret and the RSA private key sealed (v1:iv:tag:ciphertext), never in clear', async () => {
    const rows = await rowsOf(t);
    expect(rows.map((row) => row.name)).toEqual(['jwt', 'rsa-login']);
    for (const row of rows) expect(row.secretValue).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const rsa = unseal(key(), 'rsa-login', rows[1].secretValue);
    expect(rsa).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(rows[1].secretValue).not.toContain('PRIVATE KEY');
    // bound to its row: a sealed value moved to another row does not open
    expect(() => unseal(key(), 'jwt', rows[1].secretValue)).toThrow(/sealed under another master key/);
  });

  it('refuses a token signed with anything the server_key table holds', async () => {
    const sid = (jwt.decode(admin.token) as { sid: string }).sid;
    for (const row of await rowsOf(t)) {
      for (const value of [row.secretValue, row.publicValue].filter((v): v is string => !!v)) {
        await viewOwnInfo(t, forgeToken(value, { sid, typ: 'access', sub: String(admin.userid) })).expect(401);
      }
    }
    // signed with the secret once opened, the same token is accepted: the refusals above are the seal's doing
    const secret = unseal(key(), 'jwt', (await rowsOf(t))[0].secretValue);
    await viewOwnInfo(t, forgeToken(secret, { sid, typ: 'access', sub: String(admin.userid) })).expect(200);
  });

  it('seals the rows an older install left clear at the next start, keeping their values (sessions go on)', async () => {
    const rows = await rowsOf(t);
    for (const row of rows) {
      await t.prisma.base.serverKey.update({ where: { name: row.name }, data: { secretValue: unseal(key(), row.name, row.secretValue) } });
    }
    const next = await startAnother(t.config);
    try {
      const after = await rowsOf(t);
      for (const [i, row] of after.entries()) {
        expect(row.secretValue).toMatch(/^v1:/);
        expect(unseal(key(), row.name, row.secretValue)).toBe(unseal(key(), row.name, rows[i].secretValue));
      }
    } finally {
      await next.close();
    }
    await viewOwnInfo(t, admin.token).expect(200);
  });

  it('does not start with another master key, nor without one, and creates no key file in that case', async () => {
    await expect(startAnother({ ...t.config, masterKey: randomBytes(32).toString('base64') })).rejects.toThrow(
      /the server key "jwt" was sealed under another master key/,
    );
    const masterKeyFile = path.join(scratch, 'missing', 'master.key');
    await expect(startAnother({ ...t.config, masterKey: undefined, masterKeyFile })).rejects.toThrow(/sealed and no master key was found/);
    expect(existsSync(masterKeyFile)).toBe(false);
    await expect(startAnother({ ...t.config, masterKey: 'too-short' })).rejects.toThrow(/APP_MASTER_KEY must be 32 random bytes/);
  });

  it('rotation re-seals every row under the new key: the old key no longer opens them, the new one starts', async () => {
    const before = await rowsOf(t);
    const newKey = randomBytes(32).toString('base64');
    const result = await rotateMasterKey(t.databaseUrl, t.config, newKey);
    expect(result).toMatchObject({ rows: 2, keyFile: undefined });
    const after = await rowsOf(t);
    for (const [i, row] of after.entries()) {
      expect(row.secretValue).not.toBe(before[i].secretValue);
      expect(unseal(parseMasterKey(newKey, 'new'), row.name, row.secretValue)).toBe(unseal(key(), row.name, before[i].secretValue));
    }
    await expect(startAnother(t.config)).rejects.toThrow(/sealed under another master key/);
    const next = await startAnother({ ...t.config, masterKey: newKey });
    await next.close();
    // put back under the suite's key for the tests after this one
    await rotateMasterKey(t.databaseUrl, { ...t.config, masterKey: newKey }, t.config.masterKey);
  });

  it('npm run keys:rotate asks for NEW_APP_MASTER_KEY when APP_MASTER_KEY is set, and re-seals with it', async () => {
    const repoRoot = path.resolve(import.meta.dirname, '..', '..');
    const rotate = (env: object) =>
      spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'db.mjs'), 'rotate-master-key'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: t.databaseUrl, APP_MASTER_KEY: t.config.masterKey, ...env },
        encoding: 'utf8',
      });
    const refused = rotate({});
    expect(refused.stderr).toContain('db rotate-master-key failed: APP_MASTER_KEY is set: give the new key as NEW_APP_MASTER_KEY');
    expect(refused.status).toBe(1);
    const newKey = randomBytes(32).toString('base64');
    const rotated = rotate({ NEW_APP_MASTER_KEY: newKey });
    expect(rotated.stdout).toContain('2 server keys re-sealed under the new master key');
    expect(rotated.stdout).toContain('put NEW_APP_MASTER_KEY in APP_MASTER_KEY for every instance');
    expect(rotated.status).toBe(0);
    for (const row of await rowsOf(t)) expect(() => unseal(parseMasterKey(newKey, 'new'), row.name, row.secretValue)).not.toThrow();
    await rotateMasterKey(t.databaseUrl, { ...t.config, masterKey: newKey }, t.config.masterKey);
  });
});

describe('the master key file', () => {
  const keyDir = path.join(scratch, 'data', 'keys');
  const masterKeyFile = path.join(keyDir, 'master.key');
  let t: TestApp;
  beforeAll(async () => {
    // a new installation: no key file and no server keys yet (not the template's, sealed under the run's key)
    t = await createTestApp({ masterKey: undefined, masterKeyFile }, {}, { freshServerKeys: true });
  });
  afterAll(() => t.close());

  it('is created 0600 in a 0700 folder on the first start without APP_MASTER_KEY, and seals the keys', async () => {
    await login(t, ...DEMO.admin);
    // the start and the sign-in made both keys (the RSA pair for the login page, the JWT secret), sealed under the file's key
    expect((await rowsOf(t)).map((row) => row.name)).toEqual(['jwt', 'rsa-login']);
    expect(statSync(masterKeyFile).mode & 0o777).toBe(0o600);
    expect(statSync(keyDir).mode & 0o777).toBe(0o700);
    const fileKey = parseMasterKey(readFileSync(masterKeyFile, 'utf8'), 'file');
    for (const row of await rowsOf(t)) expect(() => unseal(fileKey, row.name, row.secretValue)).not.toThrow();
  });

  it('rotation writes the new key into the file after re-sealing', async () => {
    const old = readFileSync(masterKeyFile, 'utf8');
    const result = await rotateMasterKey(t.databaseUrl, t.config);
    expect(result.keyFile).toBe(masterKeyFile);
    const now = readFileSync(masterKeyFile, 'utf8');
    expect(now).not.toBe(old);
    expect(statSync(masterKeyFile).mode & 0o777).toBe(0o600);
    const next = await startAnother(t.config);
    await next.close();
  });

  it('a key file others may read is refused', async () => {
    const loose = path.join(scratch, 'loose.key');
    writeFileSync(loose, randomBytes(32).toString('base64'), { mode: 0o644 });
    await expect(startAnother({ ...t.config, masterKeyFile: loose })).rejects.toThrow(/may be read by other users \(mode 644\)/);
  });

  it('seal and unseal agree, and every sealing differs (a fresh iv)', () => {
    const k = randomBytes(32);
    expect(seal(k, 'x', 'secret')).not.toBe(seal(k, 'x', 'secret'));
    expect(unseal(k, 'x', seal(k, 'x', 'secret'))).toBe('secret');
  });
});
