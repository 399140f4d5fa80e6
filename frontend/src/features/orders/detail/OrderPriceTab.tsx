import { Alert, Descriptions, Spin } from 'antd';
import { formatMoney, formatUnitPrice } from '@/features/finance';
import { useLanguage, useMessages } from '@/shared/i18n';
import { useOrderPrice, type OrderDetail } from './api';
import { orderDetailMessages } from './messages';

/** The quotation of the order's line, route and channel on its day, for its chargeable weight; or why there is none. */
export function OrderPriceTab({ order }: { order: OrderDetail }) {
  const t = useMessages(orderDetailMessages);
  const language = useLanguage();
  // amounts as the charges show theirs (formatMoney: two decimals, separators); a unit price keeps up to its four decimals
  const money = (amount: string | number, currency: string) => formatMoney(amount, currency, language);
  const price = useOrderPrice(order.id, order.ver);
  const quote = price.data?.quote;
  return (
    <Spin spinning={price.isPending}>
      {price.data && !quote ? <Alert type="info" showIcon title={t('priceNone')} description={price.data.reason} data-testid="order-price-reason" /> : null}
      {quote ? (
        <Descriptions
          bordered
          size="small"
          column={2}
          data-testid="order-price"
          items={[
            { key: 'channel', label: t('priceChannel'), children: quote.channel },
            { key: 'valid', label: t('priceValid'), children: `${quote.validFrom} ~ ${quote.validTo}` },
            { key: 'quantity', label: t('priceQuantity'), children: `${quote.quantity} ${quote.unit}` },
            { key: 'unitPrice', label: t('priceUnitPrice'), children: `${formatUnitPrice(quote.unitPrice, language)} ${quote.currency}/${quote.unit}` },
            { key: 'minCharge', label: t('priceMinCharge'), children: money(quote.minCharge, quote.currency) },
            {
              key: 'amount',
              label: t('priceAmount'),
              children: `${money(quote.amount, quote.currency)}${quote.minChargeApplied ? ` (${t('priceMinApplied')})` : ''}`,
            },
          ]}
        />
      ) : null}
    </Spin>
  );
}
