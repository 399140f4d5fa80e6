import { skipToken, useQuery } from '@tanstack/react-query';
import { api, type ListFilters, type Schema } from '@/shared/api';

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
    queryFn: id === null ? skipToken : () => api.get('/dict/detail/{id}', { path: { id } }),
  });
}

export const dictApi = {
  addType: (fields: DictTypeFields) => api.put('/dict/add', { body: fields }),
  updateType: (type: DictType, fields: DictTypeFields) => api.post('/dict/update', { body: { ...fields, id: type.id, ver: type.ver } }),
  deleteType: (id: number) => api.delete('/dict/delete/{id}', { path: { id } }),
  addItem: (dictCode: string, fields: DictItemFields) => api.put('/dict/item/add', { body: { ...fields, dictCode } }),
  updateItem: (item: DictItem, fields: DictItemFields) =>
    api.post('/dict/item/update', { body: { ...fields, id: item.id, ver: item.ver, dictCode: item.dictCode } }),
  deleteItem: (id: number) => api.delete('/dict/item/delete/{id}', { path: { id } }),
};

export type DictValueChange = Schema<'ChangeDictValueDto'>;

/** Every dictionary, for the bulk value change's choice. */
export function useDictionaries(enabled: boolean) {
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
