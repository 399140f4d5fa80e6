import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ServerKeysService } from '../auth/server-keys.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** How long a link the API hands out opens its file. */
export const FILE_LINK_MINUTES = 60;
/** Expiry times are rounded up to this step: a file's link stays the same for a while, so browsers cache it. */
const EXPIRY_STEP_SECONDS = 5 * 60;

/**
 * Signed, expiring links to stored files. Whoever may see a record is handed its files' links by the
 * API; /files opens a file only through such a link (HMAC over the path and the expiry, keyed by a
 * secret derived from the installation's JWT secret), so guessing or keeping a path opens nothing.
 */
@Injectable()
export class FileLinks implements OnModuleInit {
  private key?: Buffer;

  constructor(
    private readonly keys: ServerKeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit() {
    // A key of its own: a file link can never pass for a token, nor the other way round.
    this.key = createHmac('sha256', await this.keys.jwtSecret())
      .update('stored-file-links')
      .digest();
  }

  /** `{FILE_BASE_URL}/{filePath}?expires={unix seconds}&signature={HMAC}`. */
  url(filePath: string, now = Date.now()): string {
    const expires = Math.ceil((now / 1000 + FILE_LINK_MINUTES * 60) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const encoded = filePath.split('/').map(encodeURIComponent).join('/');
    return `${this.config.fileBaseUrl}/${encoded}?expires=${expires}&signature=${this.signature(filePath, expires)}`;
  }

  /** Whether `signature` is ours for this path and expiry, and the expiry has not passed. */
  valid(filePath: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 <= now) return false;
    const expected = Buffer.from(this.signature(filePath, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(filePath: string, expires: number): string {
    if (!this.key) throw new Error('file links asked for before the files module started');
    return createHmac('sha256', this.key).update(`${filePath}\n${expires}`).digest('base64url');
  }
}
