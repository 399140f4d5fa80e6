import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ServerKeysService } from '../auth/server-keys.service.js';
import { requestContext } from '../common/request-context.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** How long a link the API hands out opens its file. */
export const FILE_LINK_MINUTES = 60;
/** Expiry times are rounded up to this step: a file's link stays the same for a while, so browsers cache it. */
const EXPIRY_STEP_SECONDS = 5 * 60;

/** What a valid link says: the session it was handed out in (checked live when the file is asked for), or none. */
export interface LinkGrant {
  session: string | null;
}

/**
 * Signed, expiring links to stored files. Whoever may see a record is handed its files' links by the
 * API; /files opens a file only through such a link (HMAC over the path, the expiry and the session,
 * keyed by a secret derived from the installation's JWT secret), so guessing or keeping a path opens
 * nothing. A link handed out in a signed-in request names that session (its stored id, never a value a
 * token carries): it stops opening its file when the session ends (sign-out, password change, the
 * account disabled), not an hour later.
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

  /** `{FILE_BASE_URL}/{filePath}?expires={unix seconds}&signature={HMAC}[&session={stored session id}]`; the session is the request's. */
  url(filePath: string, now = Date.now(), session = requestContext.get()?.sessionId ?? null): string {
    const expires = Math.ceil((now / 1000 + FILE_LINK_MINUTES * 60) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const encoded = filePath.split('/').map(encodeURIComponent).join('/');
    const bound = session ? `&session=${encodeURIComponent(session)}` : '';
    return `${this.config.fileBaseUrl}/${encoded}?expires=${expires}&signature=${this.signature(filePath, expires, session)}${bound}`;
  }

  /**
   * The link's grant when `signature` is ours for this path, expiry and session, and the expiry has not
   * passed; null otherwise. Whether the session is still live is the caller's to check.
   */
  valid(filePath: string, expires: unknown, signature: unknown, session: unknown = undefined, now = Date.now()): LinkGrant | null {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return null;
    if (session !== undefined && (typeof session !== 'string' || !SESSION_ID.test(session))) return null;
    if (Number(expires) * 1000 <= now) return null;
    const expected = Buffer.from(this.signature(filePath, Number(expires), session ?? null));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { session: session ?? null } : null;
  }

  private signature(filePath: string, expires: number, session: string | null): string {
    if (!this.key) throw new Error('file links asked for before the files module started');
    // a link without a session signs what links signed before sessions were named in them
    const signed = session ? `${filePath}\n${expires}\n${session}` : `${filePath}\n${expires}`;
    return createHmac('sha256', this.key).update(signed).digest('base64url');
  }
}

/** A stored session id: SHA-256 in hex (auth_session.id). */
const SESSION_ID = /^[0-9a-f]{64}$/;
