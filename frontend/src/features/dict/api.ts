import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/shared/api';

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
    queryFn: async () => (await api.post('/dict/list', { body: {} })).items,
    enabled,
  });
}

export function batchUpdateDictValue(change: DictValueChange) {
  return api.post('/dict/batch/update', { body: change });
}
