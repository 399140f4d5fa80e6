import forge from 'node-forge';

/**
 * Credentials never travel in clear text: `JSON {account, password}` is encrypted with the server's
 * public key (RSA PKCS#1 v1.5, what jsencrypt produced in the original client) and base64-encoded.
 */
export function encryptCredentials(publicKeyPem: string, credentials: { account: string; password: string }): string {
  const publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  const encrypted = publicKey.encrypt(forge.util.encodeUtf8(JSON.stringify(credentials)), 'RSAES-PKCS1-V1_5');
  return forge.util.encode64(encrypted);
}
