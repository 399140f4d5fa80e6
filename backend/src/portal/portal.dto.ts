import { MAX_PAGE_INDEX, CUSTOMER_STAGES, PORTAL_ACCOUNT_MAX_LENGTH, PREALERT_LIMITS, SHIP_TYPES, type OrderStage, type ShipType } from '@forwarder/domain';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DecimalField, IntField, IsId } from '../common/fields.js';
import { t, type MessageKey } from '../common/messages.js';
import { PageNumber } from '../common/pagination.js';
import { OptionalText, RequiredText, Trimmed } from '../common/transforms.js';

const says = (key: MessageKey) => ({ message: () => t(key) });

/** The most orders one page of the portal's list holds. */
export const PORTAL_PAGE_MAX = 50;

/**
 * A binding code (the link's `?code=`), named `bindCode` on the API as in `wechat/bind`: a member of that name is
 * masked in the request log (common/redaction.ts), so the single-use code never lands there in clear.
 */
export class BindPreviewQueryDto {
  @RequiredText(64, 'bindCodeRequired', 'bindCodeUnknown')
  bindCode!: string;
}

/** Signing in: the account (mobile or e-mail) and the password, RSA-encrypted with the login page's key, base64. */
export class PortalLoginDto {
  @RequiredText(PORTAL_ACCOUNT_MAX_LENGTH, 'portalAccountInvalid')
  account!: string;

  @IsString(says('portalPasswordRequired'))
  @MaxLength(2048, says('portalPasswordUnreadable'))
  password!: string;
}

/** Binding: the code from the QR link, who the customer is, and the new account's sign-in (password RSA-encrypted). */
export class PortalBindDto extends PortalLoginDto {
  @RequiredText(64, 'bindCodeRequired', 'bindCodeUnknown')
  bindCode!: string;

  @RequiredText(50, 'portalNameRequired')
  name!: string;
}

/** The portal's order list: line, stage, a number to search for, and the page (`page` from 1, `size` ≤ 50). */
export class PortalOrdersQueryDto {
  @IsOptional()
  @IsIn(SHIP_TYPES, says('portalLineInvalid'))
  line?: ShipType;

  @IsOptional()
  @IsIn(CUSTOMER_STAGES, says('portalStageInvalid'))
  stage?: OrderStage;

  /** part of the order number, the waybill, the bill of lading or the container number (any case) */
  @IsOptional()
  @Trimmed()
  @IsString(says('portalKeywordLength'))
  @MaxLength(50, says('portalKeywordLength'))
  keyword?: string;

  /** from 1 (default 1) */
  @IsOptional()
  @PageNumber(MAX_PAGE_INDEX)
  page?: number = 1;

  /** at most 50 (default 20) */
  @IsOptional()
  @PageNumber(PORTAL_PAGE_MAX)
  size?: number = 20;
}

/** The ports of a line the pre-alert picks from. */
export class PortalPortsQueryDto {
  @IsIn(SHIP_TYPES, says('portalLineInvalid'))
  line!: ShipType;
}

/** A pre-alert: a shipment the customer announces; it becomes a registered order of theirs (`fromPortal`). */
export class PrealertDto {
  @IsIn(SHIP_TYPES, says('portalLineInvalid'))
  line!: ShipType;

  /** the port of loading: an id of `GET portal/ports?line=` (start) */
  @IsId('portalPortInvalid')
  pol!: number;

  /** the port of discharge: an id of `GET portal/ports?line=` (end) */
  @IsId('portalPortInvalid')
  pod!: number;

  @RequiredText(PREALERT_LIMITS.consignee, 'portalConsigneeRequired')
  consignee!: string;

  @RequiredText(PREALERT_LIMITS.goods, 'portalGoodsRequired')
  goods!: string;

  @IntField('portalPackagesInvalid', { min: 1, max: PREALERT_LIMITS.packagesMax })
  packages!: number;

  /** gross weight in kg */
  @IsOptional()
  @DecimalField('portalWeightInvalid', 12, 3, { min: 0.001 })
  weight?: number | null;

  @OptionalText(PREALERT_LIMITS.remark, 'portalRemarkLength')
  remark?: string | null;
}

// ---------------------------------------------------------------- answers

/** The signed-in portal account (`portal/me`, and with every sign-in). */
export interface PortalAccountAnswer {
  id: number;
  name: string;
  account: string;
  customerId: number;
  customerCode: string;
  companyName: string;
  lang: string;
  /** the wechat:* codes the account holds (wechat:orderAdd: pre-alerts) */
  permissionCodes: string[];
}

export interface PortalSessionAnswer {
  token: string;
  /** seconds */
  expiresIn: number;
  account: PortalAccountAnswer;
}

export interface BindPreviewAnswer {
  companyName: string;
  customerCode: string;
  expiresAt: Date;
}

/** An order of the customer's, as the portal lists it: nothing internal (no money, staff or notes). */
export interface PortalOrderRow {
  line: string;
  id: number;
  orderNo: string;
  stage: string;
  /** the stage in the line's words, or the side state (on hold, voided) */
  stageName: string;
  /** abnormal and detain read as on hold; delete as voided; null while the order moves normally */
  sideState: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** ports as "name (code)" in the request's language */
  pol: string;
  pod: string;
  packages: number | null;
  /** gross weight, kg */
  weight: number | null;
  volume: number | null;
  etd: Date | null;
  eta: Date | null;
  fromPortal: boolean;
}

export interface PortalOrderPage {
  list: PortalOrderRow[];
  total: number;
  page: number;
  size: number;
}

export interface PortalTimelineEvent {
  at: Date;
  stage: string;
  text: string;
  where: string | null;
}

export interface PortalPackageRow {
  marks: string;
  count: number;
  /** kg */
  weight: number | null;
  /** cbm */
  volume: number | null;
  trackingNo: string | null;
}

export interface PortalDocumentRow {
  id: number;
  /** waybill (air waybill) or bill (bill of lading) */
  kind: string;
  name: string;
  /** bytes of the PDF */
  size: number;
}

export interface PortalOrderDetail extends PortalOrderRow {
  timeline: PortalTimelineEvent[];
  packageList: PortalPackageRow[];
  documents: PortalDocumentRow[];
  /** the public tracking page; null once staff revoked the link */
  trackingUrl: string | null;
}

export interface PortalAmountRow {
  line: string;
  orderNo: string;
  amount: number;
  currency: string;
  /** the billing day the age counts from (YYYY-MM-DD) */
  dueDate: string | null;
  ageDays: number;
}

export interface PortalAmounts {
  totals: { currency: string; amount: number }[];
  list: PortalAmountRow[];
}

export interface PortalPort {
  id: number;
  code: string;
  name: string;
  kind: string;
}

export interface PrealertAnswer {
  line: string;
  id: number;
  orderNo: string;
}

export interface PortalHubToken {
  token: string;
  expiresIn: number;
}
