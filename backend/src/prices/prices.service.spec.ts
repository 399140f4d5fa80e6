// The price tables against a real database (the medium tier, test/medium.ts): cost rows only for holders of
// price:cost, ports and currency checked against the line and the dictionary, no two prices of a route,
// channel and unit valid on the same day, versioned edits that cannot change the line or kind (docs/prices.md).
import type { PriceKind } from '@forwarder/domain';
import { useMedium } from '../../test/medium.js';
import { DictService } from '../admin/dict/dict.service.js';
import { t } from '../common/messages.js';
import type { AddPriceDto } from './prices.dto.js';
import { PricesService } from './prices.service.js';

describe('PricesService: the rules of a price (medium)', () => {
  const { m, admin, sales, prices } = useMedium({ admin: 'admin', sales: 'sales01' }, { prices: PricesService });
  let n = 0;
  /** A smallbag price on its own channel (so that tests never overlap each other), valid through March 2026. */
  const form = async (fields: Partial<AddPriceDto> = {}): Promise<AddPriceDto> => ({
    shipType: 'smallbag',
    kind: 'quotation',
    ...(await m.seed.route('smallbag')),
    channel: `渠道-${++n}号`,
    unit: 'kg',
    currency: 'USD',
    minCharge: 100,
    validFrom: '2026-03-01',
    validTo: '2026-03-31',
    breaks: [
      { minQuantity: 0, unitPrice: 12 },
      { minQuantity: 100, unitPrice: 10 },
    ],
    ...fields,
  });
  const listed = async (channel: string, user = admin, kind?: PriceKind) =>
    (await prices.list({ shipType: 'smallbag', channel, kind, pageIndex: 1, pageSize: 50 }, user)).items.map((p) => p.id);

  it('saves a price with its breaks and answers it with its ports', async () => {
    const route = await m.seed.route('smallbag');
    const added = await prices.add(await form({ remark: '含燃油' }), admin);
    expect(added).toMatchObject({
      kind: 'quotation',
      originPortId: route.originPortId,
      originPort: { code: 'CNSZX' },
      destinationPort: { code: 'USLAX' },
      minCharge: 100,
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
      remark: '含燃油',
      createdBy: admin.userId,
      breaks: [
        { minQuantity: 0, unitPrice: 12 },
        { minQuantity: 100, unitPrice: 10 },
      ],
    });
  });

  it('keeps cost prices to holders of price:cost: adding, listing, reading, asking for them and deleting', async () => {
    const cost = await prices.add(await form({ kind: 'cost' }), admin);
    const quotation = await prices.add(await form({ channel: cost.channel }), admin);
    const refused = await form({ kind: 'cost' });
    await expect(prices.add(refused, sales)).rejects.toMatchObject({ status: 403 });
    expect(await m.prisma.db.price.count({ where: { channel: refused.channel } })).toBe(0);
    expect(await listed(cost.channel, sales)).toEqual([quotation.id]);
    expect((await listed(cost.channel, admin)).sort()).toEqual([cost.id, quotation.id].sort());
    expect(() => prices.where({ shipType: 'smallbag', kind: 'cost', pageIndex: 1, pageSize: 10 }, sales)).toThrow(expect.objectContaining({ status: 403 }));
    await expect(prices.detail(cost.id, sales)).rejects.toMatchObject({ status: 403 });
    await expect(prices.remove(cost.id, sales)).rejects.toMatchObject({ status: 403 });
    expect(await m.prisma.db.price.count({ where: { id: cost.id } })).toBe(1);
  });

  it('refuses ports of the wrong end or line and a currency the dictionary does not list, all at once', async () => {
    const route = await m.seed.route('smallbag');
    const other = await m.seed.route('dedicatedline');
    const before = await m.prisma.db.price.count();
    await expect(
      prices.add(await form({ originPortId: route.destinationPortId, destinationPortId: other.destinationPortId, currency: 'JPY' }), admin),
    ).rejects.toMatchObject({
      fields: {
        originPortId: [t('priceOriginInvalid')],
        destinationPortId: [t('priceDestinationInvalid')],
        currency: [t('priceCurrencyInvalid', { list: (await m.get(DictService).currencies()).join(', ') })],
      },
    });
    expect(await m.prisma.db.price.count()).toBe(before);
  });

  it('refuses a second price of the same route, kind, channel and unit valid on a common day, naming the first', async () => {
    const first = await prices.add(await form({ validFrom: '2026-04-01', validTo: '2026-04-30' }), admin);
    const same = { channel: first.channel, validFrom: '2026-04-30', validTo: '2026-05-31' };
    await expect(prices.add(await form(same), admin)).rejects.toMatchObject({
      key: 'priceOverlap',
      params: { id: first.id, channel: first.channel, unit: 'kg', from: '2026-04-01', to: '2026-04-30' },
    });
    // the day after, another unit or the other kind: no overlap
    await prices.add(await form({ ...same, validFrom: '2026-05-01' }), admin);
    await prices.add(await form({ ...same, unit: 'cbm' }), admin);
    await prices.add(await form({ ...same, kind: 'cost' }), admin);
    expect(await listed(first.channel)).toHaveLength(4);
  });

  it('edits on the current ver only, never the line or kind, and replaces the breaks', async () => {
    const added = await prices.add(await form(), admin);
    const { id, ver, channel } = added;
    const edit = await form({ channel, breaks: [{ minQuantity: 0, unitPrice: 9 }] });
    await expect(prices.update({ ...edit, id, ver: ver + 1 }, admin)).rejects.toMatchObject({ status: 409 });
    await expect(prices.update({ ...edit, kind: 'cost', id, ver }, admin)).rejects.toMatchObject({ key: 'priceLineFixed' });
    const saved = await prices.update({ ...edit, id, ver }, admin);
    expect(saved).toMatchObject({ ver: ver + 1, breaks: [{ minQuantity: 0, unitPrice: 9 }] });
    // an edit overlapping another price of the slot is refused, its own old period is not an overlap
    const next = await prices.add(await form({ channel, validFrom: '2026-04-01', validTo: '2026-04-30' }), admin);
    await expect(prices.update({ ...edit, validTo: '2026-04-01', id, ver: saved.ver }, admin)).rejects.toMatchObject({
      key: 'priceOverlap',
      params: { id: next.id },
    });
  });

  it('keeps a port disabled after the price was saved, but takes no newly chosen disabled port', async () => {
    const added = await prices.add(await form(), admin);
    await m.prisma.db.port.update({ where: { id: added.originPortId }, data: { enabled: false } });
    try {
      const kept = await prices.update({ ...(await form({ channel: added.channel, minCharge: 50 })), id: added.id, ver: added.ver }, admin);
      expect(kept.minCharge).toBe(50);
      await expect(prices.add(await form(), admin)).rejects.toMatchObject({ fields: { originPortId: [t('priceOriginInvalid')] } });
    } finally {
      await m.prisma.db.port.update({ where: { id: added.originPortId }, data: { enabled: true } });
    }
  });

  it('lists the prices valid on a day', async () => {
    const march = await prices.add(await form(), admin);
    const april = await prices.add(await form({ channel: march.channel, validFrom: '2026-04-01', validTo: '2026-04-30' }), admin);
    const on = async (validOn: string) =>
      (await prices.list({ shipType: 'smallbag', channel: march.channel, validOn, pageIndex: 1, pageSize: 10 }, admin)).items.map((p) => p.id);
    expect(await on('2026-03-31')).toEqual([march.id]);
    expect(await on('2026-04-01')).toEqual([april.id]);
    expect(await on('2026-05-01')).toEqual([]);
  });
});
