import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in
 * to an account gets a cookie naming that account and a random nonce, signed (HMAC-SHA-256) with a key
 * derived from the server's JWT secret. A sign-in that presents a valid one for its account is limited per
 * cookie alone and never refused for failures from elsewhere (LoginAttemptsService). One cookie per account
 * (its name carries a digest of the account), so a shared desk may hold several.
 */

/** How long a device cookie is honoured after the sign-in that issued it; each sign-in issues a fresh one. */
export const DEVICE_COOKIE_MS = 90 * 24 * 3600_000;
/** Sent back only to the sign-in route, never to the rest of the API. */
export const DEVICE_COOKIE_PATH = '/api/v1/login/user';
const PREFIX = 'fwd_device_';
/** More cookies than a browser keeps for one site are not read. */
const MAX_COOKIES = 60;

/** The HMAC key of device cookies: derived from the JWT secret, so rotating that secret voids every device cookie. */
export function deviceCookieKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'fwd-device-cookie', 'device cookie v1', 32));
}

/** The cookie's name for an account: one per account. */
export function deviceCookieName(account: string): string {
  return PREFIX + createHash('sha256').update(account).digest('base64url').slice(0, 12);
}

/** A new device cookie for an account: `<account, base64url>.<nonce>.<issued, base36>.<HMAC>`. */
export function issueDeviceCookie(key: Buffer, account: string, now = Date.now()) {
  const body = `${Buffer.from(account).toString('base64url')}.${randomBytes(16).toString('base64url')}.${now.toString(36)}`;
  return { name: deviceCookieName(account), value: `${body}.${mac(key, body)}` };
}

/** The attributes of a device cookie: HttpOnly, SameSite=Strict, Secure over https, the sign-in route only. */
export function deviceCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, secure, sameSite: 'strict', path: DEVICE_COOKIE_PATH, maxAge: DEVICE_COOKIE_MS };
}

/**
 * The nonce of a valid device cookie for `account` among the request's cookies, or null: signed with `key`,
 * naming this account, issued within DEVICE_COOKIE_MS.
 */
export function validDeviceNonce(key: Buffer, cookieHeader: string | undefined, account: string, now = Date.now()): string | null {
  const value = readCookie(cookieHeader, deviceCookieName(account));
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [encodedAccount, nonce, issued, signature] = parts;
  const expected = Buffer.from(mac(key, `${encodedAccount}.${nonce}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(encodedAccount, 'base64url').toString() !== account) return null;
  const issuedAt = parseInt(issued, 36);
  if (!Number.isFinite(issuedAt) || issuedAt > now + 60_000 || now - issuedAt > DEVICE_COOKIE_MS) return null;
  return nonce;
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** One cookie's value from a Cookie header (the first of that name), reading at most MAX_COOKIES. */
function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';').slice(0, MAX_COOKIES)) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}
