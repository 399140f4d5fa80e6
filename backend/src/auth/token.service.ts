import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
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

export type Verified<T> = { ok: true; claims: T } | { ok: false; expired: boolean };

export interface TokenPair {
  token: string;
  refreshToken: string;
  refreshJti: string;
  refreshExpiresAt: Date;
}

/** Signs and checks the two JWTs of a session: a short access token and a single-use refresh token. */
@Injectable()
export class TokenService {
  constructor(
    private readonly keys: ServerKeysService,
    private readonly settings: SettingsService,
  ) {}

  async issue(userId: number, sessionId: string): Promise<TokenPair> {
    const secret = await this.keys.jwtSecret();
    const accessMinutes = await this.settings.get('security.accessTokenMinutes');
    const refreshDays = await this.settings.get('security.refreshTokenDays');
    const refreshJti = randomUUID();
    const token = jwt.sign({ sid: sessionId, typ: 'access' }, secret, { subject: String(userId), expiresIn: accessMinutes * 60 });
    const refreshToken = jwt.sign({ sid: sessionId, typ: 'refresh' }, secret, {
      subject: String(userId),
      jwtid: refreshJti,
      expiresIn: refreshDays * 86400,
    });
    return { token, refreshToken, refreshJti, refreshExpiresAt: new Date(Date.now() + refreshDays * 86400_000) };
  }

  verifyAccess(token: string): Promise<Verified<AccessClaims>> {
    return this.verify<AccessClaims>(token, 'access');
  }

  verifyRefresh(token: string): Promise<Verified<RefreshClaims>> {
    return this.verify<RefreshClaims>(token, 'refresh');
  }

  private async verify<T extends AccessClaims | RefreshClaims>(token: string, typ: T['typ']): Promise<Verified<T>> {
    const secret = await this.keys.jwtSecret();
    try {
      const payload = jwt.verify(token, secret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      if (payload.typ !== typ || !payload.sub || !payload.sid) return { ok: false, expired: false };
      return { ok: true, claims: { ...payload, sub: Number(payload.sub) } as unknown as T };
    } catch (error) {
      return { ok: false, expired: error instanceof jwt.TokenExpiredError };
    }
  }
}
