import type { ExportColumns } from '../../common/list-export.js';
import { requestContext } from '../../common/request-context.js';
import type { PortName } from '../../prisma/name-lookups.js';
import { sideName, type StageWording } from './stage-names.js';
import type { OrderView } from './order-answer.js';

const port = (value: PortName | null) => (value ? `${value.code} ${requestContext.lang() === 'en' ? value.nameEn : value.nameZh}` : '');
const joined = (...parts: (string | number | null)[]) => parts.map((part) => (part === null || part === '' ? '-' : String(part))).join(' / ');

/**
 * The order lists' columns an export may take (the keys of the web client's order list columns), each as its
 * cell reads: the same words the screen shows (the line's stage names, the hold and its reason, the route).
 */
export function orderExportColumns(words: StageWording): ExportColumns<OrderView> {
  return {
    orderNo: (r) => r.orderNo,
    customer: (r) => (r.customerName ? `${r.customerCode ?? ''} ${r.customerName}`.trim() : ''),
    shippingMark: (r) => r.shippingMark,
    route: (r) => `${port(r.originPort)} → ${port(r.destinationPort)}`,
    goodsName: (r) => r.goodsName,
    grossWeight: (r) => joined(r.packages, r.grossWeight, r.volume, r.chargeableWeight),
    stage: (r) => words.stage(r.shipType, r.stage),
    sideState: (r) => (r.sideState ? `${sideName(r.sideState)}${r.sideReason ? `：${r.sideReason}` : ''}` : ''),
    channel: (r) => r.channel,
    salesman: (r) => r.salesmanName,
    container: (r) => (r.containerNo ? `${r.containerNo} / ${r.sealNo ?? '-'}` : ''),
    waybill: (r) => r.waybillNo,
    customsDeclarationNo: (r) => r.customsDeclarationNo,
    voyage: (r) => r.vesselVoyage,
    flight: (r) => r.flightNo,
    etd: (r) => r.etd,
    eta: (r) => r.eta,
    billOfLadingNo: (r) => r.billOfLadingNo,
    arrivedAt: (r) => r.arrivedAt,
    consignee: (r) => (r.consignee ? `${r.consignee}${r.deliveryAddress ? ` · ${r.deliveryAddress}` : ''}` : ''),
    deliveredAt: (r) => r.deliveredAt,
    createdAt: (r) => r.createdAt,
    updatedAt: (r) => r.updatedAt,
  };
}
