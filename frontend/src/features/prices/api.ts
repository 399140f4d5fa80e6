import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PortOption, ShipType } from '@/features/ports';
import type { ApiBody, Schema } from '@/shared/api';
import { http } from '@/shared/request';
import type { PriceBreak, PriceKind, PriceUnit } from './priceRules';

/** A price as `/price/*` answers it; days are YYYY-MM-DD, both ends included. */
export interface Price {
  id: number;
  shipType: ShipType;
  kind: PriceKind;
  originPortId: number;
  originPort: PortOption | null;
  destinationPortId: number;
  destinationPort: PortOption | null;
  channel: string;
  unit: PriceUnit;
  currency: string;
  minCharge: number;
  validFrom: string;
  validTo: string;
  remark: string | null;
  breaks: PriceBreak[];
  createdBy: number;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

export interface PriceFields {
  kind: PriceKind;
  originPortId: number;
  destinationPortId: number;
  channel: string;
  unit: PriceUnit;
  currency: string;
  minCharge: number;
  validFrom: string;
  validTo: string;
  remark?: string | null;
  breaks: PriceBreak[];
}

export type PriceFilters = Omit<Schema<'ListPricesDto'>, 'pageIndex' | 'pageSize'>;

export const PRICE_LIST_PATH = '/price/list';

export const addPrice = (body: ApiBody<'/price/add', 'put'>) => http.put<Price>('/price/add', body);
export const updatePrice = (body: ApiBody<'/price/update', 'post'>) => http.post<Price>('/price/update', body);
export const deletePrice = (id: number) => http.delete<null>(`/price/delete/${id}`);

export function useRefreshPrices() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [PRICE_LIST_PATH] }), [client]);
}
