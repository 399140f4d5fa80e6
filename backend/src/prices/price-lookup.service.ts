import type { PriceKind, PriceUnit } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { t } from '../common/messages.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { charge, formatDay, kindMessage, parseDay } from './price-rules.js';
import type { QuoteResult } from './prices.dto.js';

export interface QuoteRequest {
  shipType: string;
  originPortId: number;
  destinationPortId: number;
  /** without it the route must have a single channel valid that day */
  channel?: string | null;
  /** the calendar day the price must be valid on, YYYY-MM-DD */
  date: string;
  quantity: number;
  unit: PriceUnit;
  kind?: PriceKind;
}

/** How many channels a route may have on one day before the lookup stops listing them. */
const CHANNELS_SHOWN = 10;

/**
 * Prices a shipment from the tables: the price of the route valid on the day, the break the quantity
 * reaches, and the amount (never below the minimum charge). Used by the orders area; callers check access.
 */
@Injectable()
export class PriceLookupService {
  constructor(private readonly prisma: PrismaService) {}

  async quote({ shipType, originPortId, destinationPortId, channel, date, quantity, unit, kind = 'quotation' }: QuoteRequest): Promise<QuoteResult> {
    const day = parseDay(date);
    if (!day) throw new Error(`quote: not a calendar day: ${date}`);
    const prices = await this.prisma.db.price.findMany({
      where: { shipType, kind, originPortId, destinationPortId, unit, channel: channel ?? undefined, validFrom: { lte: day }, validTo: { gte: day } },
      include: { breaks: { orderBy: { minQuantity: 'asc' } } },
      orderBy: { channel: 'asc' },
      take: CHANNELS_SHOWN + 1,
    });
    const params = { date, unit, kind: t(kindMessage(kind)), channel: channel ?? '' };
    if (!prices.length) return { quote: null, reason: t(channel ? 'priceQuoteChannelNone' : 'priceQuoteNone', params) };
    // Validity periods of one channel and unit never overlap, so several rows mean several channels.
    if (prices.length > 1) {
      const channels = prices.slice(0, CHANNELS_SHOWN).map((p) => p.channel);
      return { quote: null, reason: t('priceQuoteAmbiguous', { ...params, channels: channels.join(', ') + (prices.length > CHANNELS_SHOWN ? ' …' : '') }) };
    }
    const price = prices[0];
    const result = charge(new Prisma.Decimal(quantity), price.minCharge, price.breaks);
    return {
      quote: {
        priceId: price.id,
        kind: price.kind,
        channel: price.channel,
        unit: price.unit,
        currency: price.currency,
        validFrom: formatDay(price.validFrom),
        validTo: formatDay(price.validTo),
        quantity,
        minCharge: price.minCharge.toNumber(),
        breakMinQuantity: result.minQuantity.toNumber(),
        unitPrice: result.unitPrice.toNumber(),
        amount: result.amount.toNumber(),
        minChargeApplied: result.minChargeApplied,
      },
      reason: null,
    };
  }
}
