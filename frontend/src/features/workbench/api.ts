import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/request';

/** `GET /workbench/summary`: a widget's field is present only for those holding its index:* code. */
export interface WorkbenchSummary {
  userId: number;
  account: string;
  fullName: string;
  roles: { code: string; name: string; nameEn: string | null }[];
  /** index:notice */
  unreadNotices?: number;
  /** index:online */
  onlineStaff?: number;
  /** index:stageCount: per line, orders moving normally per stage and held ones per side state (absent keys are 0) */
  orderCounts?: Record<string, Record<string, number>>;
  /** order:bbs: order issues waiting for the user (the bell's count) */
  openIssues?: number;
}

const SUMMARY_REFRESH_MS = 60_000;

export function useWorkbenchSummary() {
  return useQuery({
    queryKey: ['/workbench/summary'],
    queryFn: () => http.get<WorkbenchSummary>('/workbench/summary'),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}
