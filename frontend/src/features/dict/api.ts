import { useQuery } from '@tanstack/react-query';
import type { Schema } from '@/shared/api';
import { http, type Page } from '@/shared/request';

export interface DictOption {
  id: number | string;
  dictCode: string;
  dictName: string;
}

export type DictValueChange = Schema<'ChangeDictValueDto'>;

export function useDictOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['dict', 'list', 'options'],
    // An empty filter lists every dictionary (the server's default page holds them all).
    queryFn: async () => (await http.post<Page<DictOption>>('/dict/list', {})).items,
    enabled,
  });
}

export function batchUpdateDictValue(change: DictValueChange): Promise<null> {
  return http.post<null>('/dict/batch/update', change);
}
