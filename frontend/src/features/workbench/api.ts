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
