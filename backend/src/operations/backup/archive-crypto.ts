import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, open, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/**
 * An archive encrypted with BACKUP_PASSPHRASE (docs/backup.md, "Encrypted archives"): AES-256-GCM over the
 * whole tar, streamed, with a key derived from the passphrase by scrypt. The file is
 *
 *   "FWDENC1\n"  (8 bytes)   magic and format version
 *   uint32 BE   (4 bytes)    length of the header
 *   header      (JSON)       {"cipher":"aes-256-gcm","kdf":"scrypt","N":131072,"r":8,"p":1,"salt","iv","check"} (base64)
 *   ciphertext               the tar, encrypted; magic, length and header are its additional authenticated data
 *   tag        (16 bytes)    GCM's authentication tag
 *
 * `check` (HMAC-SHA256 of a fixed text under the key, 16 bytes) tells a wrong passphrase before anything
 * is decrypted; the tag proves the whole archive unchanged, and a restore uses nothing before it is proven.
 * One GCM stream holds 64 GiB at most: far above the archives of one installation.
 */
export const ENCRYPTED_MAGIC = Buffer.from('FWDENC1\n');

/** scrypt's cost as OWASP's password storage sheet gives it (N=2^17, r=8, p=1): 128 MB and about half a second here. */
const SCRYPT = { N: 131072, r: 8, p: 1 };
const CHECK_TEXT = 'forwarder backup passphrase check';
const TAG_BYTES = 16;

interface Header {
  cipher: 'aes-256-gcm';
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  check: string;
}

/** The passphrase is not the one the archive was encrypted with, or none was given: nothing was restored. */
export class BackupPassphraseError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const checkOf = (key: Buffer) => createHmac('sha256', key).update(CHECK_TEXT).digest().subarray(0, 16);

/** Whether `file` starts as an encrypted archive does. */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(ENCRYPTED_MAGIC);
  } finally {
    await handle.close();
  }
}

/** Encrypts the archive `plain` into `target` (0600), streaming. */
export async function encryptArchive(plain: string, target: string, passphrase: string): Promise<void> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await deriveKey(passphrase, salt, SCRYPT);
  const header: Header = {
    cipher: 'aes-256-gcm',
    kdf: 'scrypt',
    ...SCRYPT,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    check: checkOf(key).toString('base64'),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const prefix = Buffer.concat([ENCRYPTED_MAGIC, length, json]);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(prefix);
  await writeFile(target, prefix, { mode: 0o600 });
  await pipeline(createReadStream(plain), cipher, createWriteStream(target, { flags: 'a', mode: 0o600 }));
  await appendFile(target, cipher.getAuthTag());
}

/**
 * Decrypts the encrypted archive `file` into `target` (0600), streaming: BackupPassphraseError before
 * anything is written when the passphrase is wrong; an Error, and no `target`, when the archive was changed.
 */
export async function decryptArchive(file: string, target: string, passphrase: string | undefined): Promise<void> {
  if (!passphrase) throw new BackupPassphraseError(`${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was written with`);
  const { header, prefix } = await readHeader(file);
  const key = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'), header);
  const check = Buffer.from(header.check, 'base64');
  if (check.length !== 16 || !timingSafeEqual(check, checkOf(key))) {
    throw new BackupPassphraseError(`BACKUP_PASSPHRASE is not the passphrase ${file} was encrypted with: nothing was restored`);
  }
  const { size } = await stat(file);
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await open(file, 'r');
  try {
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
  decipher.setAAD(prefix);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(file, { start: prefix.length, end: size - TAG_BYTES - 1 }), decipher, createWriteStream(target, { mode: 0o600 }));
  } catch {
    await rm(target, { force: true });
    throw new Error(`${file} is damaged: its encrypted content does not match its authentication tag`);
  }
}

async function readHeader(file: string): Promise<{ header: Header; prefix: Buffer }> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(ENCRYPTED_MAGIC.length + 4);
    await handle.read(start, 0, start.length, 0);
    const length = start.readUInt32BE(ENCRYPTED_MAGIC.length);
    if (!start.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC) || length > 4096) throw new Error(`${file} is not an encrypted backup`);
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, start.length);
    const header = JSON.parse(json.toString('utf8')) as Header;
    if (header.cipher !== 'aes-256-gcm' || header.kdf !== 'scrypt') throw new Error(`${file} uses an encryption this release does not read`);
    // bounds on the cost a crafted header may ask of scrypt
    if (!(header.N <= 2 ** 20 && header.r <= 16 && header.p <= 4)) throw new Error(`${file} asks for more scrypt work than a backup of ours does`);
    return { header, prefix: Buffer.concat([start, json]) };
  } finally {
    await handle.close();
  }
}
