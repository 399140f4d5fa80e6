/**
 * Credentials never travel in clear text: `JSON {account, password}` is encrypted with the server's
 * public key (RSA PKCS#1 v1.5, what jsencrypt produced in the original client) and base64-encoded.
 *
 * The few lines of RSA the login needs, on BigInt and the browser's random numbers (a library for all of
 * RSA weighed more than the rest of the login screen): read the key's modulus and exponent from its PEM,
 * pad the message as RFC 8017 7.2.1 says, raise it to the exponent.
 */
export function encryptCredentials(publicKeyPem: string, credentials: { account: string; password: string }): string {
  return rsaEncrypt(publicKeyPem, JSON.stringify(credentials));
}

/** `text` encrypted with the PEM's key (RSA PKCS#1 v1.5), base64: the customer portal's password is sent so. */
export function rsaEncrypt(publicKeyPem: string, text: string): string {
  const { modulus, exponent } = publicKeyOf(publicKeyPem);
  const size = (modulus.toString(16).length + 1) >> 1;
  const message = new TextEncoder().encode(text);
  const encrypted = modPow(toBigInt(padded(message, size)), exponent, modulus);
  return btoa(String.fromCharCode(...toBytes(encrypted, size)));
}

/** EM = 0x00 || 0x02 || PS (non-zero random bytes, at least 8) || 0x00 || M */
function padded(message: Uint8Array, size: number): Uint8Array {
  const fill = size - 3 - message.length;
  if (fill < 8) throw new RangeError('The message is too long for the key');
  const block = new Uint8Array(size);
  block[1] = 2;
  const random = block.subarray(2, 2 + fill);
  crypto.getRandomValues(random);
  for (let i = 0; i < fill; i++) {
    while (random[i] === 0) random[i] = crypto.getRandomValues(new Uint8Array(1))[0];
  }
  block.set(message, 3 + fill);
  return block;
}

/** The modulus and public exponent of a `PUBLIC KEY` (SubjectPublicKeyInfo) or `RSA PUBLIC KEY` (PKCS#1) PEM. */
function publicKeyOf(pem: string): { modulus: bigint; exponent: bigint } {
  const der = Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, '')), (c) => c.charCodeAt(0));
  let fields = children(der);
  // SubjectPublicKeyInfo: the algorithm, then a BIT STRING (one byte of unused bits) holding the PKCS#1 key
  if (fields[0].tag === 0x30) fields = children(fields[1].value.subarray(1));
  const [modulus, exponent] = fields.map((field) => toBigInt(field.value));
  return { modulus, exponent };
}

/** The elements of the DER SEQUENCE at the start of `der`. */
function children(der: Uint8Array): { tag: number; value: Uint8Array }[] {
  const elements: { tag: number; value: Uint8Array }[] = [];
  const sequence = element(der, 0).value;
  for (let offset = 0; offset < sequence.length;) {
    const next = element(sequence, offset);
    elements.push(next);
    offset = next.end;
  }
  return elements;
}

function element(der: Uint8Array, offset: number): { tag: number; value: Uint8Array; end: number } {
  const tag = der[offset];
  let length = der[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i];
    start += bytes;
  }
  return { tag, value: der.subarray(start, start + length), end: start + length };
}

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function toBytes(value: bigint, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i--, value >>= 8n) bytes[i] = Number(value & 0xffn);
  return bytes;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  for (base %= modulus; exponent > 0n; exponent >>= 1n, base = (base * base) % modulus) {
    if (exponent & 1n) result = (result * base) % modulus;
  }
  return result;
}
