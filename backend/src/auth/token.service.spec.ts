import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import type { SettingsService } from '../settings/settings.service.js';
import { TokenService } from './token.service.js';

describe('TokenService, access tokens', () => {
  const jwt = new JwtService({
    secret: 'a-secret-of-the-installation-0123456789',
    signOptions: { algorithm: 'HS256' },
    verifyOptions: { algorithms: ['HS256'] },
  });
  const tokens = new TokenService(jwt, {} as SettingsService);
  const access = (expiresIn: number) => jwt.signAsync({ sid: 'session-1', typ: 'access' }, { subject: '7', expiresIn });
  afterEach(() => jest.restoreAllMocks());

  it('checks a token it verified before without verifying its signature again, until it expires', async () => {
    const token = await access(60);
    const verify = jest.spyOn(jwt, 'verifyAsync');
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims: expect.objectContaining({ sub: 7, sid: 'session-1', typ: 'access' }) });
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims: expect.objectContaining({ sub: 7, sid: 'session-1' }) });
    expect(verify).toHaveBeenCalledTimes(1);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(await tokens.verifyAccess(token)).toEqual({ ok: false, expired: true });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing of a token that fails the check', async () => {
    const forged = `${(await access(60)).slice(0, -4)}AAAA`;
    const verify = jest.spyOn(jwt, 'verifyAsync');
    expect(await tokens.verifyAccess(forged)).toEqual({ ok: false, expired: false });
    expect(await tokens.verifyAccess(forged)).toEqual({ ok: false, expired: false });
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('does not take a refresh token for an access token, remembered or not', async () => {
    const refresh = await jwt.signAsync({ sid: 'session-1', typ: 'refresh' }, { subject: '7', jwtid: 'j', expiresIn: 60 });
    expect(await tokens.verifyAccess(refresh)).toEqual({ ok: false, expired: false });
    expect((await tokens.verifyRefresh(refresh)).ok).toBe(true);
    expect(await tokens.verifyAccess(refresh)).toEqual({ ok: false, expired: false });
  });
});
