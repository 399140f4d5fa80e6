import { useQuery } from '@tanstack/react-query';
import type { ApiData } from '@/shared/api';
import { http } from '@/shared/request';

/** `GET /workbench/summary`: a widget's field is present only for those holding its index:* code. */
export type WorkbenchSummary = ApiData<'/workbench/summary', 'get'>;

const SUMMARY_REFRESH_MS = 60_000;

export function useWorkbenchSummary() {
  return useQuery({
    queryKey: ['/workbench/summary'],
    queryFn: () => http.get<WorkbenchSummary>('/workbench/summary'),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}
