import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { useLanguage, useMessages } from '@/shared/i18n';
import { portalApi, type OrderFilters, type PortalOrder } from '../api/portalApi';
import { lineName, lineOptions, stageOptions } from '../lines';
import { figure, shortTime } from '../format';
import { portalMessages } from '../messages';
import { ORDERS_KEY } from '../queryKeys';
import { Button, Empty, Loading, NavBar, Notice } from '../ui/kit';

const PAGE_SIZE = 20;

/** The customer's orders on every line: search by number, filter by line and stage, more as the list is scrolled. */
export function OrdersPage() {
  const t = useMessages(portalMessages);
  const language = useLanguage();
  const [keyword, setKeyword] = useState('');
  const [line, setLine] = useState<OrderFilters['line']>('');
  const [stage, setStage] = useState('');
  const filters: OrderFilters = { line, stage, keyword: useDebounced(keyword.trim(), 300) };
  const orders = useInfiniteQuery({
    queryKey: [...ORDERS_KEY, filters],
    queryFn: ({ pageParam }) => portalApi.orders(filters, pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;
  const filtered = Boolean(filters.keyword || line || stage);

  // the next page comes when the list's end scrolls into view
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = orders;
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <>
      <NavBar title={t('tabOrders')} />
      <div className="pt-filters">
        <input
          type="search"
          className="pt-search"
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <div className="pt-filter-row">
          <select aria-label={t('line')} value={line} onChange={(event) => setLine(event.target.value as OrderFilters['line'])}>
            <option value="">{t('allLines')}</option>
            {lineOptions(language).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <select aria-label={t('allStages')} value={stage} onChange={(event) => setStage(event.target.value)}>
            <option value="">{t('allStages')}</option>
            {stageOptions(language).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="pt-body">
        {orders.isLoading && <Loading text={t('loading')} />}
        {orders.error && <Notice kind="error">{orders.error.message}</Notice>}
        {orders.isSuccess && rows.length === 0 && <Empty>{filtered ? t('noMatch') : t('noOrders')}</Empty>}
        <ul className="pt-list" data-testid="portal-orders">
          {rows.map((order) => (
            <OrderRow key={`${order.line}-${order.id}`} order={order} />
          ))}
        </ul>
        <div ref={end} />
        {hasNextPage && (
          <Button kind="plain" block disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        )}
        {!hasNextPage && rows.length > 0 && <p className="pt-muted pt-center">{t('allLoaded', { total })}</p>}
      </div>
    </>
  );
}

function OrderRow({ order }: { order: PortalOrder }) {
  const t = useMessages(portalMessages);
  const language = useLanguage();
  return (
    <li>
      <Link className="pt-order" to={`/orders/${order.line}/${order.id}`}>
        <div className="pt-order-top">
          <span className="pt-order-no">{order.orderNo}</span>
          <span className={`pt-stage pt-stage-${order.stage}`}>{order.stageName}</span>
        </div>
        <div className="pt-order-route">
          {order.pol || '—'} <span aria-hidden="true">→</span> {order.pod || '—'}
        </div>
        <div className="pt-order-meta">
          <span>{lineName(order.line, language)}</span>
          {order.packages != null && <span>{t('packagesShort', { count: order.packages })}</span>}
          {order.weight != null && <span>{figure(order.weight, 3)} kg</span>}
          {order.fromPortal && <span className="pt-tag">{t('fromPortal')}</span>}
          <span className="pt-order-time">{shortTime(order.createdAt)}</span>
        </div>
      </Link>
    </li>
  );
}
