import { useQuery } from '@tanstack/react-query';
import type { ListFilters, Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** A dictionary (dict type) as `POST /dict/list` lists it. */
export type DictType = Schema<'DictTypeView'>;

/** A value of a dictionary. */
export type DictItem = Schema<'DictItemView'>;

export type DictTypeDetail = Schema<'DictTypeDetail'>;

export type DictTypeFilters = ListFilters<'ListDictTypesDto'>;

export type DictTypeFields = Pick<DictType, 'dictCode' | 'dictName' | 'dictNameEn' | 'classify' | 'remark'>;
export type DictItemFields = Pick<DictItem, 'dictName' | 'dictNameEn' | 'value' | 'classify' | 'sort' | 'style' | 'enabled'>;

export const DICT_LIST = '/dict/list';

/** The editable fields of a value, as the update call takes them. */
export function itemFields({ dictName, dictNameEn, value, classify, sort, style, enabled }: DictItem): DictItemFields {
  return { dictName, dictNameEn, value, classify, sort, style, enabled };
}

export function useDictDetail(id: number | null) {
  return useQuery({
    queryKey: ['/dict/detail', id],
    queryFn: () => http.get<DictTypeDetail>(`/dict/detail/${id}`),
    enabled: id !== null,
  });
}

export const dictApi = {
  addType: (fields: DictTypeFields) => http.put<DictType>('/dict/add', fields),
  updateType: (type: DictType, fields: DictTypeFields) => http.post<DictType>('/dict/update', { ...fields, id: type.id, ver: type.ver }),
  deleteType: (id: number) => http.delete<null>(`/dict/delete/${id}`),
  addItem: (dictCode: string, fields: DictItemFields) => http.put<DictItem>('/dict/item/add', { ...fields, dictCode }),
  updateItem: (item: DictItem, fields: DictItemFields) =>
    http.post<DictItem>('/dict/item/update', { ...fields, id: item.id, ver: item.ver, dictCode: item.dictCode }),
  deleteItem: (id: number) => http.delete<null>(`/dict/item/delete/${id}`),
};
