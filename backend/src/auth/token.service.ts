import { Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { SettingsService } from '../settings/settings.service.js';
import { ServerKeysService } from './server-keys.service.js';

export interface AccessClaims {
  sub: number;
  sid: string;
  typ: 'access';
}

export interface RefreshClaims {
  sub: number;
  sid: string;
  jti: string;
  typ: 'refresh';
}

/** A customer's mini-program account signed in through the gateway: it may only hold a hub connection. */
export interface WechatClaims {
  sub: number;
  sid: string;
  cid: number;
  typ: 'wechat';
}

/** A customer's portal session (docs/portal.md): `sub` the portal account, `cid` its customer. Valid on the portal's routes only. */
export interface PortalClaims {
  sub: number;
  sid: string;
  cid: number;
  typ: 'portal';
}

export type Verified<T> = { ok: true; claims: T } | { ok: false; expired: boolean };

export interface TokenPair {
  token: string;
  refreshToken: string;
  refreshJti: string;
  refreshExpiresAt: Date;
}

/**
 * JwtService signing and checking with the installation's secret (ServerKeysService), HS256 only. The
 * secret is handed over as a KeyObject made once: handed a string, jsonwebtoken 9 first tries to read it
 * as a public key on every call (~0.5–0.9 ms each here), which capped every signed-in request.
 */
export function createJwtService(keys: ServerKeysService): JwtService {
  return new JwtService({
    secretOrKeyProvider: () => keys.jwtKey(),
    signOptions: { algorithm: 'HS256' },
    verifyOptions: { algorithms: ['HS256'] },
  });
}

/** Access tokens remembered as verified at most (beyond, the memory starts afresh). */
const VERIFIED_MAX = 10_000;

/** Signs and checks the two JWTs of a session: a short access token and a single-use refresh token. */
@Injectable()
export class TokenService {
  /**
   * Access tokens this process has verified, with their claims, until they expire: a client sends the same
   * token with every call for its whole life, and its signature and claims cannot change meanwhile (the
   * secret is the process's for its lifetime: rotating it means restarting). Only tokens that passed the
   * full check are kept, so nothing a caller invents takes room here.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    private readonly jwt: JwtService,
    private readonly settings: SettingsService,
  ) {}

  async issue(userId: number, sessionId: string): Promise<TokenPair> {
    const accessMinutes = await this.settings.get('security.accessTokenMinutes');
    const refreshDays = await this.settings.get('security.refreshTokenDays');
    const refreshJti = randomUUID();
    const token = await this.jwt.signAsync({ sid: sessionId, typ: 'access' }, { subject: String(userId), expiresIn: accessMinutes * 60 });
    const refreshToken = await this.jwt.signAsync(
      { sid: sessionId, typ: 'refresh' },
      { subject: String(userId), jwtid: refreshJti, expiresIn: refreshDays * 86400 },
    );
    return { token, refreshToken, refreshJti, refreshExpiresAt: new Date(Date.now() + refreshDays * 86400_000) };
  }

  /**
   * A token for a customer's bound mini-program account (`sub` its id, `cid` the customer), valid as long as an
   * access token. `sid`: the portal session it was asked by (the hub then accepts it only while that session lives).
   */
  async issueWechat(wechatId: number, customerId: number, sid: string = randomUUID()): Promise<{ token: string; expiresIn: number }> {
    const expiresIn = (await this.settings.get('security.accessTokenMinutes')) * 60;
    const token = await this.jwt.signAsync({ sid, cid: customerId, typ: 'wechat' }, { subject: String(wechatId), expiresIn });
    return { token, expiresIn };
  }

  /** A portal session's token (`sid` kept as its SHA-256 in portal_session), valid security.refreshTokenDays days. */
  async issuePortal(accountId: number, customerId: number, sid: string): Promise<{ token: string; expiresIn: number }> {
    const expiresIn = (await this.settings.get('security.refreshTokenDays')) * 86400;
    const token = await this.jwt.signAsync({ sid, cid: customerId, typ: 'portal' }, { subject: String(accountId), expiresIn });
    return { token, expiresIn };
  }

  verifyPortal(token: string): Promise<Verified<PortalClaims>> {
    return this.verify<PortalClaims>(token, 'portal');
  }

  verifyWechat(token: string): Promise<Verified<WechatClaims>> {
    return this.verify<WechatClaims>(token, 'wechat');
  }

  async verifyAccess(token: string): Promise<Verified<AccessClaims>> {
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAt) return { ok: true, claims: known.claims };
    const result = await this.verify<AccessClaims>(token, 'access');
    if (known) this.verified.delete(token);
    if (!result.ok) return result;
    const { exp } = result.claims as AccessClaims & { exp?: unknown };
    if (typeof exp === 'number') {
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(token, { claims: result.claims, expiresAt: exp * 1000 });
    }
    return result;
  }

  verifyRefresh(token: string): Promise<Verified<RefreshClaims>> {
    return this.verify<RefreshClaims>(token, 'refresh');
  }

  private async verify<T extends AccessClaims | RefreshClaims | WechatClaims | PortalClaims>(token: string, typ: T['typ']): Promise<Verified<T>> {
    try {
      const payload = await this.jwt.verifyAsync<{ typ?: unknown; sub?: string; sid?: unknown }>(token);
      if (payload.typ !== typ || !payload.sub || !payload.sid) return { ok: false, expired: false };
      return { ok: true, claims: { ...payload, sub: Number(payload.sub) } as unknown as T };
    } catch (error) {
      return { ok: false, expired: error instanceof TokenExpiredError };
    }
  }
}
