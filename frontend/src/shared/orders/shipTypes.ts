import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/request';

/** A shipping line as `POST /order/enum/shipType` lists it; `value` is smallbag, dedicatedline or airtransport. */
export interface ShipType {
  id: number | string;
  key: string;
  value: string;
  text: string;
  textEn?: string | null;
}

export function useShipTypes(enabled = true) {
  return useQuery({
    queryKey: ['order', 'enum', 'shipType'],
    queryFn: () => http.post<ShipType[]>('/order/enum/shipType'),
    staleTime: Infinity,
    enabled,
  });
}
