/** One package label: `{orderNo}-{index}` is what the code encodes. */
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
}

export const labelCode = (label: Pick<PackageLabel, 'orderNo' | 'index'>) => `${label.orderNo}-${label.index}`;
