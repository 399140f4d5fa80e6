import { useQuery } from '@tanstack/react-query';
import { useLanguage, useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { dayOf, figure } from '../format';
import { lineName } from '../lines';
import { portalMessages } from '../messages';
import { Card, Empty, Loading, NavBar, Notice } from '../ui/kit';

/** What the customer still owes, per currency and per order, as the arrears screen shows it for them. */
export function AmountsPage() {
  const t = useMessages(portalMessages);
  const language = useLanguage();
  const amounts = useQuery({ queryKey: ['portal', 'amounts'], queryFn: portalApi.amounts });
  const data = amounts.data;

  return (
    <>
      <NavBar title={t('amountsTitle')} />
      <div className="pt-body">
        {amounts.isLoading && <Loading text={t('loading')} />}
        {amounts.error && <Notice kind="error">{amounts.error.message}</Notice>}
        {data && (
          <>
            <section className="pt-hero pt-hero-amounts" data-testid="portal-amount-totals">
              <div className="pt-hero-label">{t('amountsTotal')}</div>
              {data.totals.length === 0 ? (
                <div className="pt-hero-total">0</div>
              ) : (
                data.totals.map((total) => (
                  <div key={total.currency} className="pt-hero-total">
                    <small>{total.currency}</small> {figure(total.amount)}
                  </div>
                ))
              )}
            </section>
            {data.list.length === 0 ? (
              <Empty>{t('noAmounts')}</Empty>
            ) : (
              <Card>
                <ul className="pt-amounts" data-testid="portal-amounts">
                  {data.list.map((row, index) => (
                    <li key={`${row.orderNo}-${row.currency}-${index}`}>
                      <div>
                        <div className="pt-order-no">{row.orderNo}</div>
                        <div className="pt-muted">
                          {lineName(row.line, language)}
                          {row.dueDate ? ` · ${t('dueDate', { date: dayOf(row.dueDate) })}` : ''}
                          {row.ageDays != null ? ` · ${t('ageDays', { days: row.ageDays })}` : ''}
                        </div>
                      </div>
                      <div className="pt-amount">
                        <small>{row.currency}</small> {figure(row.amount)}
                      </div>
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </>
        )}
      </div>
    </>
  );
}
