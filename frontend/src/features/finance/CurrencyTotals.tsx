import { Space, Tag, Typography } from 'antd';
import { useLanguage, useMessages } from '@/shared/i18n';
import { financeMessages } from './messages';
import { formatMoney, sortTotals, type CurrencyTotal } from './money';

/**
 * The sums per currency over every record the filters select, as the server answers them with the
 * page (a page's rows alone would understate them).
 */
export function CurrencyTotals({ totals }: { totals: readonly CurrencyTotal[] | undefined }) {
  const t = useMessages(financeMessages);
  const language = useLanguage();
  const sorted = sortTotals(totals ?? []);
  return (
    <Space size={4} wrap data-testid="finance-totals">
      <Typography.Text strong>{t('totals')}:</Typography.Text>
      {sorted.length === 0 ? (
        <Typography.Text type="secondary">{t('totalsNone')}</Typography.Text>
      ) : (
        sorted.map((total) => (
          <Tag key={total.currency} color="blue" data-testid={`finance-total-${total.currency}`}>
            {total.count === undefined
              ? formatMoney(total.amount, total.currency, language)
              : t('totalLine', { amount: formatMoney(total.amount, total.currency, language), count: total.count })}
          </Tag>
        ))
      )}
    </Space>
  );
}
