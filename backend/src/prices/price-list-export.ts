import { PRICE_KIND_WORDS } from '@forwarder/domain';
import { inLang, wordOf, type ExportColumns } from '../common/list-export.js';
import type { PortRef, PriceView } from './prices.dto.js';

const port = (ref: PortRef | null, id: number) => (ref ? `${ref.code} ${inLang([ref.nameZh, ref.nameEn])}` : id);

/** The price lists' columns an export may take (the keys of the web client's price list columns); the breaks as `from: price` pairs. */
export const PRICE_EXPORT_COLUMNS: ExportColumns<PriceView> = {
  id: (r) => r.id,
  kind: (r) => wordOf(PRICE_KIND_WORDS, r.kind),
  origin: (r) => port(r.originPort, r.originPortId),
  destination: (r) => port(r.destinationPort, r.destinationPortId),
  channel: (r) => r.channel,
  unit: (r) => r.unit,
  currency: (r) => r.currency,
  minCharge: (r) => r.minCharge,
  validity: (r) => `${r.validFrom} ~ ${r.validTo}`,
  breaks: (r) => r.breaks.map((b) => `${b.minQuantity}: ${b.unitPrice}`).join('; '),
  remark: (r) => r.remark,
};
