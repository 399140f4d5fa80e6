import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from './api';
import { changedFields, fieldApplies, NUMBER_FIELDS, TEXT_FIELDS, TIME_FIELDS, toFormValues, warehouseChanges } from './orderForm';

// every form field is present in an answer, null when empty
const blank = Object.fromEntries([...TEXT_FIELDS, ...NUMBER_FIELDS, ...TIME_FIELDS].map((field) => [field, null]));
const order = {
  ...blank,
  id: 7,
  ver: 3,
  shipType: 'dedicatedline',
  goodsName: '服装',
  channel: 'EXPRESS',
  consignee: null,
  grossWeight: 120.5,
  volume: 1.2,
  chargeableWeight: 240,
  etd: '2026-12-01T08:00:00.000Z',
  eta: null,
} as unknown as OrderDetail;

describe('the basic form body', () => {
  it('sends nothing but id and ver when nothing changed', () => {
    expect(changedFields(order, toFormValues(order))).toEqual({ id: 7, ver: 3 });
  });

  it('sends the changed fields only, so the server recomputes the chargeable weight', () => {
    const values = { ...toFormValues(order), grossWeight: 300, consignee: '  ACME  ' };
    expect(changedFields(order, values)).toEqual({ id: 7, ver: 3, grossWeight: 300, consignee: 'ACME' });
  });

  it('clears a blanked text or time with null and sends a new time as ISO 8601', () => {
    const values = { ...toFormValues(order), channel: '  ', etd: null, eta: dayjs('2026-12-20T00:00:00.000Z') };
    expect(changedFields(order, values)).toEqual({ id: 7, ver: 3, channel: null, etd: null, eta: '2026-12-20T00:00:00.000Z' });
  });

  it('edits the estimated times but never sends the arrival or delivery time, which only their moves stamp', () => {
    expect(TIME_FIELDS).toEqual(['etd', 'eta']);
    const stamped = { ...order, arrivedAt: '2026-11-20T02:00:00.000Z', deliveredAt: null } as OrderDetail;
    const values = { ...toFormValues(stamped), arrivedAt: dayjs('2026-11-21T00:00:00.000Z'), deliveredAt: dayjs('2026-11-22T00:00:00.000Z') };
    expect(toFormValues(stamped)).not.toHaveProperty('arrivedAt');
    expect(changedFields(stamped, values)).toEqual({ id: 7, ver: 3 });
  });

  it('offers container and vessel to sea lines, waybill and flight to air', () => {
    expect(fieldApplies(order, 'containerNo')).toBe(true);
    expect(fieldApplies(order, 'flightNo')).toBe(false);
    expect(fieldApplies({ shipType: 'airtransport' }, 'waybillNo')).toBe(true);
    expect(fieldApplies({ shipType: 'airtransport' }, 'vesselVoyage')).toBe(false);
    expect(fieldApplies({ shipType: 'airtransport' }, 'customsDeclarationNo')).toBe(true);
  });
});

describe('the warehouse correction body', () => {
  const stored = { ...order, packages: 3, grossWeight: 120.5, volume: 1.2, warehouseLocation: 'A-01', receivedAt: '2026-11-20T02:00:00.000Z' } as OrderDetail;

  it('sends only the corrected fields, keeping a blanked figure', () => {
    expect(warehouseChanges(stored, { packages: 4, grossWeight: null, volume: 1.2, warehouseLocation: 'A-01', receivedAt: dayjs(stored.receivedAt) })).toEqual({
      packages: 4,
    });
  });

  it('clears the location and the time when blanked', () => {
    expect(warehouseChanges(stored, { packages: 3, grossWeight: 120.5, volume: 1.2, warehouseLocation: ' ', receivedAt: null })).toEqual({
      warehouseLocation: null,
      receivedAt: null,
    });
  });
});
