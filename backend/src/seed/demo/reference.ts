import type { ShipType } from '@forwarder/domain';
import { CommissionService } from '../../finance/commission.service.js';
import { PortsService } from '../../ports/ports.service.js';
import type { AddPriceDto } from '../../prices/prices.dto.js';
import { PricesService } from '../../prices/prices.service.js';
import type { DemoContext } from './context.js';

/** Ports of the demo: [line, kind, code, Chinese, English, country, city]. */
const PORTS: [ShipType, 'start' | 'end', string, string, string, string, string][] = [
  ['smallbag', 'start', 'CNSZX', '深圳', 'Shenzhen', 'CN', '深圳'],
  ['smallbag', 'start', 'CNNGB', '宁波', 'Ningbo', 'CN', '宁波'],
  ['smallbag', 'end', 'USLAX', '洛杉矶', 'Los Angeles', 'US', 'Los Angeles'],
  ['smallbag', 'end', 'USNYC', '纽约', 'New York', 'US', 'New York'],
  ['dedicatedline', 'start', 'CNSHA', '上海', 'Shanghai', 'CN', '上海'],
  ['dedicatedline', 'start', 'CNYTN', '盐田', 'Yantian', 'CN', '深圳'],
  ['dedicatedline', 'end', 'USLGB', '长滩', 'Long Beach', 'US', 'Long Beach'],
  ['dedicatedline', 'end', 'DEHAM', '汉堡', 'Hamburg', 'DE', 'Hamburg'],
  ['airtransport', 'start', 'PVG', '上海浦东', 'Shanghai Pudong', 'CN', '上海'],
  ['airtransport', 'start', 'CAN', '广州白云', 'Guangzhou Baiyun', 'CN', '广州'],
  ['airtransport', 'end', 'LAX', '洛杉矶国际', 'Los Angeles Intl', 'US', 'Los Angeles'],
  ['airtransport', 'end', 'JFK', '纽约肯尼迪', 'New York JFK', 'US', 'New York'],
];

/** Each line's quotation per kg of chargeable weight: channel, currency, minimum charge, breaks [from kg, price]. */
const TARIFFS: Record<ShipType, { channel: string; currency: string; minCharge: number; breaks: [number, number][] }> = {
  smallbag: {
    channel: '美森快船',
    currency: 'CNY',
    minCharge: 300,
    breaks: [
      [0, 18],
      [100, 15.5],
      [500, 13],
    ],
  },
  dedicatedline: {
    channel: '普船拼箱',
    currency: 'CNY',
    minCharge: 800,
    breaks: [
      [0, 9.5],
      [300, 8.2],
      [1000, 7],
    ],
  },
  airtransport: {
    channel: '空派专线',
    currency: 'USD',
    minCharge: 120,
    breaks: [
      [0, 5.8],
      [100, 5.2],
      [500, 4.6],
    ],
  },
};

export interface Route {
  shipType: ShipType;
  originPortId: number;
  destinationPortId: number;
  origin: { code: string; name: string; city: string };
  destination: { code: string; name: string; city: string; country: string };
  currency: string;
}

/** What the orders are shipped on: each line's routes (every origin to every destination). */
export type Network = Record<ShipType, Route[]>;

/**
 * The reference data the business runs on, set up by the administrator before the story starts: ports,
 * a quotation per route valid through the whole story, and the commission rules.
 */
export async function loadReference(ctx: DemoContext): Promise<Network> {
  const network: Network = { smallbag: [], dedicatedline: [], airtransport: [] };
  await ctx.as('admin', async (admin) => {
    const ports = ctx.get(PortsService);
    const added: Record<string, { id: number; line: ShipType; kind: 'start' | 'end'; code: string; name: string; city: string; country: string }> = {};
    for (const [shipType, kind, code, nameZh, nameEn, country, city] of PORTS) {
      const port = await ports.add({ shipType, kind, code, nameZh, nameEn, country, city, enabled: true });
      added[code] = { id: port.id, line: shipType, kind, code, name: nameZh, city, country };
    }
    const prices = ctx.get(PricesService);
    const validFrom = ctx.dayOf(ctx.clock.now());
    const validTo = ctx.dayOf(ctx.end + 120 * 86400_000);
    for (const shipType of Object.keys(network) as ShipType[]) {
      const starts = Object.values(added).filter((p) => p.line === shipType && p.kind === 'start');
      const ends = Object.values(added).filter((p) => p.line === shipType && p.kind === 'end');
      const tariff = TARIFFS[shipType];
      for (const origin of starts) {
        for (const destination of ends) {
          const dto: AddPriceDto = {
            shipType,
            kind: 'quotation',
            originPortId: origin.id,
            destinationPortId: destination.id,
            channel: tariff.channel,
            unit: 'kg',
            currency: tariff.currency,
            minCharge: tariff.minCharge,
            validFrom,
            validTo,
            remark: null,
            breaks: tariff.breaks.map(([minQuantity, unitPrice]) => ({ minQuantity, unitPrice })),
          };
          await prices.add(dto, admin);
          network[shipType].push({ shipType, originPortId: origin.id, destinationPortId: destination.id, origin, destination, currency: tariff.currency });
        }
      }
    }
    const commissions = ctx.get(CommissionService);
    const salesman2 = ctx.staff.sales02.userId;
    await commissions.saveRule({ name: '通用提成（营收 3%）', basis: 'revenue', rate: 3, enabled: true });
    await commissions.saveRule({ name: '空运提成（利润 12%）', shipType: 'airtransport', basis: 'profit', rate: 12, enabled: true });
    await commissions.saveRule({ name: 'A 级客户（营收 4%）', customerLevel: 'A', basis: 'revenue', rate: 4, enabled: true });
    await commissions.saveRule({ name: '孙立伟专线（利润 10%）', shipType: 'dedicatedline', salesmanId: salesman2, basis: 'profit', rate: 10, enabled: true });
  });
  return network;
}

export const PORT_COUNT = PORTS.length;
