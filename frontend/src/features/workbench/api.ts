import { useQuery } from '@tanstack/react-query';
import { api, type ApiData } from '@/shared/api';

/** `GET /workbench/summary`: a widget's field is present only for those holding its index:* code. */
export type WorkbenchSummary = ApiData<'/workbench/summary', 'get'>;

const SUMMARY_REFRESH_MS = 60_000;

export function useWorkbenchSummary() {
  return useQuery({
    queryKey: ['/workbench/summary'],
    queryFn: () => api.get('/workbench/summary'),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

/** An order of the 最近订单 card. */
export type RecentOrder = ApiData<'/workbench/recent-orders', 'get'>[number];

export function useRecentOrders() {
  return useQuery({ queryKey: ['/workbench/recent-orders'], queryFn: () => api.get('/workbench/recent-orders') });
}
