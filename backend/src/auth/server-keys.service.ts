import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { isSealed, MasterKeyError, readMasterKey, readOrCreateMasterKey, seal, SEALED_PREFIX, unseal } from './master-key.js';

/**
 * Secrets created once per installation and kept in the database, so that restarts and every process
 * of a scaled installation share them: the login page's RSA key pair, the JWT signing secret and the key of
 * the public tracking links. Each is
 * read once and kept; a read that failed (the database down just then) is forgotten, or every sign-in
 * would answer 503 long after the database came back. The secret values are stored sealed under the
 * master key (master-key.ts), never in clear: the start opens every row (a wrong or missing master key
 * stops it, saying so) and seals the rows an installation from before sealing left clear.
 */
@Injectable()
export class ServerKeysService implements OnApplicationBootstrap {
  private master?: Buffer;
  private rsa?: Promise<{ publicPem: string; privateKey: forge.pki.rsa.PrivateKey }>;
  private jwt?: Promise<string>;
  private jwtKeyObject?: Promise<KeyObject>;
  private tracking?: Promise<KeyObject>;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    try {
      await this.openAll();
    } catch (error) {
      // a database not reachable just now is read again at the first sign-in; a key that does not fit is not
      if (error instanceof MasterKeyError) throw error;
    }
  }

  /** Opens every stored key (MasterKeyError when the master key is not theirs) and seals the rows still clear. */
  async openAll(): Promise<void> {
    // in the order of their names, so that a master key that does not fit names the same row every time
    const rows = await this.prisma.db.serverKey.findMany({ orderBy: { name: 'asc' } });
    if (!rows.length) return;
    const key = await this.masterKey();
    for (const row of rows) {
      if (isSealed(row.secretValue)) unseal(key, row.name, row.secretValue);
      else
        await this.prisma.db.serverKey.updateMany({
          where: { name: row.name, secretValue: row.secretValue },
          data: { secretValue: seal(key, row.name, row.secretValue) },
        });
    }
  }

  rsaKeyPair() {
    this.rsa ??= this.getOrCreate('rsa-login', () => {
      const pair = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
      return { publicValue: forge.pki.publicKeyToPem(pair.publicKey), secretValue: forge.pki.privateKeyToPem(pair.privateKey) };
    })
      .then((row) => ({ publicPem: row.publicValue!, privateKey: forge.pki.privateKeyFromPem(row.secretValue) }))
      .catch((error: unknown) => {
        this.rsa = undefined;
        throw error;
      });
    return this.rsa;
  }

  jwtSecret(): Promise<string> {
    if (this.config.jwtSecret) return Promise.resolve(this.config.jwtSecret);
    this.jwt ??= this.getOrCreate('jwt', () => ({ publicValue: null, secretValue: randomBytes(48).toString('base64url') }))
      .then((row) => row.secretValue)
      .catch((error: unknown) => {
        this.jwt = undefined;
        throw error;
      });
    return this.jwt;
  }

  /** The JWT secret as a KeyObject, made once (see createJwtService). */
  jwtKey(): Promise<KeyObject> {
    this.jwtKeyObject ??= this.jwtSecret()
      .then((secret) => createSecretKey(Buffer.from(secret)))
      .catch((error: unknown) => {
        this.jwtKeyObject = undefined;
        throw error;
      });
    return this.jwtKeyObject;
  }

  /**
   * The key public tracking links' tokens are derived under (PublicTrackingService): apart from the JWT secret, so
   * rotating that never changes a link printed on a label.
   */
  trackingKey(): Promise<KeyObject> {
    this.tracking ??= this.getOrCreate('tracking', () => ({ publicValue: null, secretValue: randomBytes(32).toString('base64url') }))
      .then((row) => createSecretKey(Buffer.from(row.secretValue)))
      .catch((error: unknown) => {
        this.tracking = undefined;
        throw error;
      });
    return this.tracking;
  }

  /** Decrypts what jsencrypt (PKCS#1 v1.5) produced in the browser; null when it cannot. */
  async decryptLoginPayload(base64: string): Promise<string | null> {
    const { privateKey } = await this.rsaKeyPair();
    try {
      return forge.util.decodeUtf8(privateKey.decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5'));
    } catch {
      return null;
    }
  }

  /**
   * The master key; created (the key file) only while no row is sealed: with sealed rows and no key, a new
   * key would leave them unreadable and silently sign everyone out, so the start stops instead.
   */
  private async masterKey(): Promise<Buffer> {
    if (this.master) return this.master;
    let key = readMasterKey(this.config);
    if (!key) {
      if (await this.prisma.db.serverKey.count({ where: { secretValue: { startsWith: SEALED_PREFIX } } })) {
        throw new MasterKeyError(
          `the server keys in the database are sealed and no master key was found: set APP_MASTER_KEY, or put back the key file ${this.config.masterKeyFile} (docs/security.md)`,
        );
      }
      key = readOrCreateMasterKey(this.config);
    }
    return (this.master = key);
  }

  /** The row `name` with its secret opened, made (and stored sealed) when missing. */
  private async getOrCreate(name: string, create: () => { publicValue: string | null; secretValue: string }) {
    const key = await this.masterKey();
    let row = await this.prisma.db.serverKey.findUnique({ where: { name } });
    if (!row) {
      const made = create();
      // Two processes starting at once may both create a key: the first insert wins and both read it back.
      await this.prisma.db.serverKey.createMany({
        data: [{ name, publicValue: made.publicValue, secretValue: seal(key, name, made.secretValue) }],
        skipDuplicates: true,
      });
      row = await this.prisma.db.serverKey.findUniqueOrThrow({ where: { name } });
    }
    return { publicValue: row.publicValue, secretValue: isSealed(row.secretValue) ? unseal(key, name, row.secretValue) : row.secretValue };
  }
}
