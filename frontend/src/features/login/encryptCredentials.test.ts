import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { encryptCredentials } from './encryptCredentials';

describe('encryptCredentials', () => {
  it('produces what the server decrypts back to the JSON credentials, Chinese included', () => {
    const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
    const param = encryptCredentials(forge.pki.publicKeyToPem(keys.publicKey), { account: 'admin', password: '密码123456' });
    const decrypted = keys.privateKey.decrypt(forge.util.decode64(param), 'RSAES-PKCS1-V1_5');
    expect(JSON.parse(forge.util.decodeUtf8(decrypted))).toEqual({ account: 'admin', password: '密码123456' });
  });
});
