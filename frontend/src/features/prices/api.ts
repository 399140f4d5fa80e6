import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type ListFilters, type Schema } from '@/shared/api';

/** The line, kind and unit of a price, as the add call takes them (the answer types them as plain strings). */
type PriceTerms = Pick<Schema<'AddPriceDto'>, 'shipType' | 'kind' | 'unit'>;

/** A price as `/price/*` answers it; days are YYYY-MM-DD, both ends included. */
export type Price = Omit<Schema<'PriceView'>, keyof PriceTerms> & PriceTerms;

/** The price dialog's fields: the add call's body but the line, which the screen gives. */
export type PriceFields = Omit<ApiBody<'/price/add', 'put'>, 'shipType'>;

export type PriceFilters = ListFilters<'ListPricesDto'>;

export const PRICE_LIST_PATH = '/price/list';

export const addPrice = (body: ApiBody<'/price/add', 'put'>) => api.put('/price/add', { body });
export const updatePrice = (body: ApiBody<'/price/update', 'post'>) => api.post('/price/update', { body });
export const deletePrice = (id: number) => api.delete('/price/delete/{id}', { path: { id } });

export function useRefreshPrices() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [PRICE_LIST_PATH] }), [client]);
}
