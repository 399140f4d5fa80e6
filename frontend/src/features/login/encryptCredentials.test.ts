import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { encryptCredentials } from './encryptCredentials';

// The server decrypts with node-forge (backend/src/auth/server-keys.service.ts): the same library checks here.
const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
const decrypt = (param: string) => JSON.parse(forge.util.decodeUtf8(keys.privateKey.decrypt(forge.util.decode64(param), 'RSAES-PKCS1-V1_5'))) as unknown;

describe('encryptCredentials', () => {
  it('produces what the server decrypts back to the JSON credentials, Chinese included', () => {
    const param = encryptCredentials(forge.pki.publicKeyToPem(keys.publicKey), { account: 'admin', password: '密码123456' });
    expect(decrypt(param)).toEqual({ account: 'admin', password: '密码123456' });
  });

  it('pads with fresh random bytes each time: the same credentials never encrypt alike, and all decrypt', () => {
    const pem = forge.pki.publicKeyToPem(keys.publicKey);
    const credentials = Array.from({ length: 20 }, (_, i) => ({ account: `user${i}`, password: 'x'.repeat(i * 3) }));
    const params = credentials.map((c) => encryptCredentials(pem, c));
    expect(new Set(params).size).toBe(params.length);
    expect(params.map(decrypt)).toEqual(credentials);
    expect(encryptCredentials(pem, credentials[0])).not.toBe(params[0]);
  });

  it('reads a PKCS#1 "RSA PUBLIC KEY" as well as a SubjectPublicKeyInfo "PUBLIC KEY"', () => {
    const pem = forge.pki.publicKeyToRSAPublicKeyPem(keys.publicKey);
    expect(pem).toContain('BEGIN RSA PUBLIC KEY');
    expect(decrypt(encryptCredentials(pem, { account: 'a', password: 'b' }))).toEqual({ account: 'a', password: 'b' });
  });

  it('refuses credentials longer than the key can carry instead of sending them truncated', () => {
    const pem = forge.pki.publicKeyToPem(keys.publicKey);
    // a 1024-bit key carries at most 128 - 11 bytes
    expect(() => encryptCredentials(pem, { account: 'a', password: 'p'.repeat(200) })).toThrow(RangeError);
  });
});
