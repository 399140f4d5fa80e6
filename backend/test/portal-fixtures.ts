// The customer portal's side in the suites: binding a portal account from a binding code the way the portal
// does it (the password RSA-encrypted with the login page's key), and requests with the portal's token.
import forge from 'node-forge';
import { requestAs, type Session, type TestApp } from './app.js';

/** The public key of login/initialize, which the portal encrypts passwords with. */
export async function loginPublicKey(t: TestApp): Promise<string> {
  return (await t.http().get('/api/v1/login/initialize').expect(200)).body.data.publicKey as string;
}

/** A password encrypted as the portal sends it: RSA PKCS#1 v1.5 with login/initialize's key, base64. */
export function encryptPassword(publicPem: string, password: string): string {
  return forge.util.encode64(forge.pki.publicKeyFromPem(publicPem).encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}

/** A fresh binding code of a customer, handed out by `by` (GET customers/bindcode/{id}). */
export async function bindCodeOf(t: TestApp, by: Session, customerId: number): Promise<string> {
  return (await requestAs(t, by).get(`/api/v1/customers/bindcode/${customerId}`).expect(200)).body.data.bind_code as string;
}

/** The portal's session after binding: its token and the account. */
export interface PortalSession {
  token: string;
  account: { id: number; customerId: number; name: string; account: string };
}

export const PORTAL_PASSWORD = 'Harbour-2026';

/** Binds a portal account of the customer (a code from `by`) and answers its session. */
export async function bindPortalAccount(t: TestApp, by: Session, customerId: number, account: string, name = '陈总'): Promise<PortalSession> {
  const code = await bindCodeOf(t, by, customerId);
  const res = await t
    .http()
    .post('/api/v1/portal/bind')
    .send({ bindCode: code, name, account, password: encryptPassword(await loginPublicKey(t), PORTAL_PASSWORD) });
  if (res.status !== 200) throw new Error(`binding ${account} failed: ${res.status} ${res.body.message}`);
  return res.body.data as PortalSession;
}

/** Requests to the portal's API with a portal token: `portalAs(t, token).get('orders')`. */
export function portalAs(t: TestApp, token: string) {
  const send = (method: 'get' | 'post') => (path: string) => t.http()[method](`/api/v1/portal/${path}`).set('Authorization', `Bearer ${token}`);
  return { get: send('get'), post: send('post') };
}
