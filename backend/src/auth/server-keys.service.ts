import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService } from '../prisma/prisma.service.js';

/**
 * Secrets created once per installation and kept in the database, so that restarts and every process
 * of a scaled installation share them: the login page's RSA key pair and the JWT signing secret. Each is
 * read once and kept; a read that failed (the database down just then) is forgotten, or every sign-in
 * would answer 503 long after the database came back.
 */
@Injectable()
export class ServerKeysService {
  private rsa?: Promise<{ publicPem: string; privateKey: forge.pki.rsa.PrivateKey }>;
  private jwt?: Promise<string>;
  private jwtKeyObject?: Promise<KeyObject>;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  /** Decrypts what jsencrypt (PKCS#1 v1.5) produced in the browser; null when it cannot. */
  async decryptLoginPayload(base64: string): Promise<string | null> {
    const { privateKey } = await this.rsaKeyPair();
    try {
      return forge.util.decodeUtf8(privateKey.decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5'));
    } catch {
      return null;
    }
  }

  private async getOrCreate(name: string, create: () => { publicValue: string | null; secretValue: string }) {
    const existing = await this.prisma.db.serverKey.findUnique({ where: { name } });
    if (existing) return existing;
    // Two processes starting at once may both create a key: the first insert wins and both read it back.
    await this.prisma.db.serverKey.createMany({ data: [{ name, ...create() }], skipDuplicates: true });
    return this.prisma.db.serverKey.findUniqueOrThrow({ where: { name } });
  }
}
