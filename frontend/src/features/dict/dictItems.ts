import { useQuery } from '@tanstack/react-query';
import { localized, useLanguage } from '@/shared/i18n';
import { api } from '@/shared/api';

/** An enabled value of a dictionary (`GET /dict/detail/item/{dictCode}`). */
export interface DictItem {
  id: number;
  dictName: string;
  dictNameEn: string | null;
  value: string;
  sort: number;
}

/** The enabled values of a dictionary as select options, labelled in the current language. */
export function useDictOptions(dictCode: string) {
  const language = useLanguage();
  const query = useQuery({
    queryKey: ['/dict/detail/item', dictCode],
    queryFn: () => api.get('/dict/detail/item/{dictCode}', { path: { dictCode } }),
    staleTime: 60_000,
  });
  const options = (query.data ?? []).map((item) => ({ value: item.value, label: localized(language, item.dictName, item.dictNameEn) }));
  return { options, isFetching: query.isFetching, labelOf: (value: string | null | undefined) => options.find((o) => o.value === value)?.label ?? value ?? '' };
}
