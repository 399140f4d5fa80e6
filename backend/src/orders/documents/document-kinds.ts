import type { ShipType } from '@forwarder/domain';
import type { MessageKey } from '../../common/messages.js';

/**
 * The two transport documents share one table (order_document) and one code path; what differs is
 * described here once: the lines that use the kind, the order column holding its number, and the names
 * its call gives the shared columns.
 */
export const DOCUMENT_KINDS = ['waybill', 'bill'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const FREIGHT_TERMS = ['prepaid', 'collect'] as const;
export type FreightTerm = (typeof FREIGHT_TERMS)[number];

export interface DocumentKindDef {
  label: MessageKey;
  /** the lines whose orders have this document */
  lines: readonly ShipType[];
  wrongLine: MessageKey;
  /** the order column holding the document's number (kept there, so the order and its document agree) */
  orderColumn: 'waybillNo' | 'billOfLadingNo';
  /** names of the call's fields for the number and the shared columns */
  names: { number: string; placeFrom: string; placeTo: string; goodsDescription: string };
  /** columns only this kind uses */
  own: readonly ('vesselVoyage' | 'numberOfOriginals')[];
}

export const DOCUMENT_KIND: Record<DocumentKind, DocumentKindDef> = {
  waybill: {
    label: 'documentKindWaybill',
    lines: ['airtransport'],
    wrongLine: 'documentWaybillWrongLine',
    orderColumn: 'waybillNo',
    names: { number: 'waybillNo', placeFrom: 'from', placeTo: 'to', goodsDescription: 'goodsDescription' },
    own: [],
  },
  bill: {
    label: 'documentKindBill',
    lines: ['dedicatedline', 'smallbag'],
    wrongLine: 'documentBillWrongLine',
    orderColumn: 'billOfLadingNo',
    names: { number: 'blNo', placeFrom: 'portOfLoading', placeTo: 'portOfDischarge', goodsDescription: 'description' },
    own: ['vesselVoyage', 'numberOfOriginals'],
  },
};

/** Originals of a bill of lading when none is said: the usual full set of three. */
export const DEFAULT_ORIGINALS = 3;
