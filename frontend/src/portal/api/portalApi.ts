import type { ShipType } from '@forwarder/domain';
import type { Schema } from '@/shared/api';
import { rsaEncrypt } from '@/features/login/encryptCredentials';
import { portalDownload, portalRequest } from './request';

/**
 * The portal's API (docs/portal.md), its shapes the contract's (openapi/openapi.json). Passwords travel as
 * the staff sign-in's do: RSA-encrypted with the key of `GET login/initialize`, base64.
 */

export type PortalAccount = Schema<'PortalAccountAnswer'>;
export type SignedIn = Schema<'PortalSessionAnswer'>;
export type BindPreview = Schema<'BindPreviewAnswer'>;
export type PortalOrder = Schema<'PortalOrderRow'>;
export type PortalOrderDetail = Schema<'PortalOrderDetail'>;
export type OrderPage = Schema<'PortalOrderPage'>;
export type OpenAmounts = Schema<'PortalAmounts'>;
export type PortalPort = Schema<'PortalPort'>;
export type PrealertInput = Schema<'PrealertDto'>;
export type PrealertBooked = Schema<'PrealertAnswer'>;

export interface OrderFilters {
  line?: ShipType | '';
  stage?: string;
  keyword?: string;
}

/** The server's public key for the password (the staff sign-in's `login/initialize`). */
async function publicKey(): Promise<string> {
  const response = await fetch('/api/v1/login/initialize', { headers: { Accept: 'application/json' } });
  const body = (await response.json()) as { data: { publicKey: string } };
  return body.data.publicKey;
}

/** The password as the server reads it: its RSA encryption, base64 (the staff sign-in's own RSA). */
async function sealed(password: string): Promise<string> {
  return rsaEncrypt(await publicKey(), password);
}

export const portalApi = {
  bindPreview: (code: string) => portalRequest<BindPreview>('/bind/preview', { params: { bindCode: code } }),
  bind: async (input: { bindCode: string; name: string; account: string; password: string }) =>
    portalRequest<SignedIn>('/bind', { method: 'POST', data: { ...input, password: await sealed(input.password) } }),
  login: async (account: string, password: string) =>
    portalRequest<SignedIn>('/login', { method: 'POST', data: { account, password: await sealed(password) } }),
  logout: () => portalRequest<null>('/logout', { method: 'POST' }),
  me: () => portalRequest<PortalAccount>('/me'),
  orders: (filters: OrderFilters, page: number, size: number) =>
    portalRequest<OrderPage>('/orders', {
      params: { line: filters.line || undefined, stage: filters.stage || undefined, keyword: filters.keyword?.trim() || undefined, page, size },
    }),
  order: (line: string, id: string) => portalRequest<PortalOrderDetail>(`/orders/${encodeURIComponent(line)}/${encodeURIComponent(id)}`),
  document: (line: string, id: number, docId: number) => portalDownload(`/orders/${line}/${id}/documents/${docId}`),
  amounts: () => portalRequest<OpenAmounts>('/amounts'),
  ports: (line: ShipType) => portalRequest<PortalPort[]>('/ports', { params: { line } }),
  prealert: (input: PrealertInput, idempotencyKey: string) => portalRequest<PrealertBooked>('/prealerts', { method: 'POST', data: input, idempotencyKey }),
  hubToken: () => portalRequest<{ token: string; expiresIn: number }>('/hub/token'),
};
