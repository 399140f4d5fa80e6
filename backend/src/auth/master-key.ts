import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The master key that seals the secrets the server keeps in the database (table server_key: the JWT
 * signing secret, the login page's RSA private key), so that a database dump or a backup alone can
 * neither sign a token nor decrypt a captured login. It never enters the database: APP_MASTER_KEY (32
 * bytes, base64 or hex), else the key file MASTER_KEY_FILE (.data/master.key), written 0600 on the first
 * start that needs it. docs/security.md, "Secrets at rest".
 */
export const MASTER_KEY_BYTES = 32;

/** Sealed values start with this; anything else in server_key.secret_value is a row from before sealing. */
export const SEALED_PREFIX = 'v1:';

/** The master key is missing, malformed, or not the one the rows were sealed under: the server must not start. */
export class MasterKeyError extends Error {}

export interface MasterKeySource {
  /** APP_MASTER_KEY as given */
  masterKey?: string;
  /** MASTER_KEY_FILE: read when APP_MASTER_KEY is not set, created when neither exists */
  masterKeyFile: string;
}

/** APP_MASTER_KEY or a key file's text as 32 bytes: base64 (or base64url) or 64 hex digits. */
export function parseMasterKey(text: string, origin: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== MASTER_KEY_BYTES || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    throw new MasterKeyError(`${origin} must be ${MASTER_KEY_BYTES} random bytes in base64 or hex (openssl rand -base64 32)`);
  }
  return key;
}

/** A new master key as its file or APP_MASTER_KEY holds it. */
export function newMasterKeyText(): string {
  return randomBytes(MASTER_KEY_BYTES).toString('base64');
}

/**
 * The master key: APP_MASTER_KEY, else the key file; undefined when neither exists (the caller decides
 * whether one may be created: not while sealed rows exist, or they would never open again).
 */
export function readMasterKey(source: MasterKeySource): Buffer | undefined {
  if (source.masterKey) return parseMasterKey(source.masterKey, 'APP_MASTER_KEY');
  if (!existsSync(source.masterKeyFile)) return undefined;
  const mode = statSync(source.masterKeyFile).mode & 0o777;
  if (mode & 0o077) {
    throw new MasterKeyError(
      `the master key file ${source.masterKeyFile} may be read by other users (mode ${mode.toString(8)}): chmod 600 it, and consider the key exposed`,
    );
  }
  return parseMasterKey(readFileSync(source.masterKeyFile, 'utf8'), `the master key file ${source.masterKeyFile}`);
}

/**
 * Writes `text` as the key file, 0600 in a 0700 folder: under a temporary name first, then renamed, so
 * a crash leaves the old file or the new one. `exclusive`: fails when a file is there already (two
 * processes starting together: the second reads the first's key).
 */
export function writeMasterKeyFile(file: string, text: string, { exclusive = false } = {}): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (exclusive) {
    writeFileSync(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
    return;
  }
  const partial = `${file}.partial`;
  writeFileSync(partial, `${text}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

/** The master key, created as the key file when none exists yet (a race with another process keeps the first). */
export function readOrCreateMasterKey(source: MasterKeySource): Buffer {
  const existing = readMasterKey(source);
  if (existing) return existing;
  try {
    writeMasterKeyFile(source.masterKeyFile, newMasterKeyText(), { exclusive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readMasterKey(source)!;
}

/** `value` sealed with AES-256-GCM under `key`, bound to its row's `name`: v1:<iv>:<tag>:<ciphertext>, each base64. */
export function seal(key: Buffer, name: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${ciphertext.toString('base64')}`;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** The value sealed in `stored` for row `name`; MasterKeyError when `key` is not the one it was sealed under. */
export function unseal(key: Buffer, name: string, stored: string): string {
  const [iv, tag, ciphertext] = stored.slice(SEALED_PREFIX.length).split(':');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new MasterKeyError(
      `the server key "${name}" was sealed under another master key than this one: give the installation's own APP_MASTER_KEY or master key file (docs/security.md)`,
    );
  }
}

export interface RotationResult {
  rows: number;
  /** where the new key now is: the key file, or to be put in APP_MASTER_KEY */
  keyFile?: string;
  newKeyText: string;
}

/**
 * `npm run keys:rotate`: every row of server_key re-sealed under a new master key in one transaction
 * (a row still clear is sealed too). The new key is NEW_APP_MASTER_KEY when given, else generated; with
 * the key file (no APP_MASTER_KEY), the new key is written beside it first, the rows re-sealed, then the
 * file replaced, so a failure leaves the old key working. The running servers keep the secrets they read;
 * a server started afterwards needs the new key.
 */
export async function rotateMasterKey(databaseUrl: string, source: MasterKeySource, newKeyText = newMasterKeyText()): Promise<RotationResult> {
  const newKey = parseMasterKey(newKeyText, 'NEW_APP_MASTER_KEY');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; secret_value: string }>('select name, secret_value from server_key order by name');
    const oldKey = readMasterKey(source);
    if (!oldKey && rows.some((row) => isSealed(row.secret_value))) {
      throw new MasterKeyError(`no master key to open the sealed server keys: set APP_MASTER_KEY or restore ${source.masterKeyFile}`);
    }
    const resealed = rows.map((row) => ({
      name: row.name,
      value: seal(newKey, row.name, isSealed(row.secret_value) ? unseal(oldKey!, row.name, row.secret_value) : row.secret_value),
    }));
    const staged = source.masterKey ? undefined : `${source.masterKeyFile}.new`;
    if (staged) writeMasterKeyFile(staged, newKeyText);
    await client.query('begin');
    try {
      for (const row of resealed) await client.query('update server_key set secret_value = $2 where name = $1', [row.name, row.value]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    if (staged) renameSync(staged, source.masterKeyFile);
    return { rows: rows.length, keyFile: staged ? source.masterKeyFile : undefined, newKeyText };
  } finally {
    await client.end().catch(() => {});
  }
}
