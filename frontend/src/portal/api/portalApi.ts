import type { ShipType } from '@forwarder/domain';
import { rsaEncrypt } from '@/features/login/encryptCredentials';
import { portalDownload, portalRequest } from './request';

/**
 * The portal's API (docs/portal.md): the shapes agreed with its server side. Passwords travel as the staff
 * sign-in's do: RSA-encrypted with the key of `GET login/initialize`, base64.
 */

export interface PortalAccount {
  id: number;
  name: string;
  account: string;
  customerId: number;
  customerCode: string;
  companyName: string;
  lang?: string | null;
}

export interface SignedIn {
  token: string;
  expiresIn: number;
  account: PortalAccount;
}

export interface BindPreview {
  companyName: string;
  customerCode: string;
  expiresAt: string;
}

export interface PortalOrder {
  line: ShipType;
  id: number;
  orderNo: string;
  stage: string;
  stageName: string;
  createdAt: string;
  updatedAt?: string | null;
  pol?: string | null;
  pod?: string | null;
  packages?: number | null;
  weight?: number | string | null;
  fromPortal?: boolean;
}

export interface TimelineEvent {
  time: string;
  text: string;
  location?: string | null;
}

export interface PackageLine {
  marks?: string | null;
  count?: number | null;
  weight?: number | string | null;
  volume?: number | string | null;
}

export interface PortalDocument {
  id: number;
  kind: string;
  name: string;
  size?: number | null;
}

export interface PortalOrderDetail extends PortalOrder {
  timeline: TimelineEvent[];
  packageList: PackageLine[];
  documents: PortalDocument[];
  trackingUrl?: string | null;
}

export interface OrderPage {
  list: PortalOrder[];
  total: number;
  page: number;
  size: number;
}

export interface OrderFilters {
  line?: ShipType | '';
  stage?: string;
  keyword?: string;
}

export interface OpenAmount {
  line: ShipType;
  orderNo: string;
  amount: number | string;
  currency: string;
  dueDate?: string | null;
  ageDays?: number | null;
}

export interface OpenAmounts {
  /** what is open per currency */
  totals: { currency: string; amount: number | string }[];
  list: OpenAmount[];
}

export interface PrealertInput {
  line: ShipType;
  pol: string;
  pod: string;
  consignee: string;
  goods: string;
  packages: number;
  weight?: number;
  remark?: string;
}

export interface PrealertBooked {
  line: ShipType;
  id: number;
  orderNo: string;
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
  bindPreview: (code: string) => portalRequest<BindPreview>('/bind/preview', { params: { code } }),
  bind: async (input: { code: string; name: string; account: string; password: string }) =>
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
  prealert: (input: PrealertInput, idempotencyKey: string) => portalRequest<PrealertBooked>('/prealerts', { method: 'POST', data: input, idempotencyKey }),
  hubToken: () => portalRequest<{ token: string; expiresIn: number }>('/hub/token'),
};
