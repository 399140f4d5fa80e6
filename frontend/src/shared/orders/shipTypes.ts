import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api';

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
    queryFn: () => api.post('/order/enum/shipType'),
    staleTime: Infinity,
    enabled,
  });
}
