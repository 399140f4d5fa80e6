/** One package label: `{orderNo}-{index}` is the package number the codes carry. */
export interface PackageLabel {
  orderNo: string;
  index: number;
  total: number;
  shippingMark: string;
  destinationCode: string;
  destinationName: string;
  destinationNameEn: string;
  consignee: string | null;
  goodsName: string;
  /** the order's public tracking link; null when PUBLIC_BASE_URL is not configured or the link is revoked */
  trackingUrl: string | null;
}

export const labelCode = (label: Pick<PackageLabel, 'orderNo' | 'index'>) => `${label.orderNo}-${label.index}`;

/**
 * What the QR code holds: the tracking link with the package number as `p` (a phone opens the shipment's
 * page, the warehouse scanner reads `p`), or the package number alone when there is no link.
 */
export const labelQrText = (label: PackageLabel) => (label.trackingUrl ? `${label.trackingUrl}?p=${encodeURIComponent(labelCode(label))}` : labelCode(label));
