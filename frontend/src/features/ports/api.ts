import type { PortKind, ShipType } from '@forwarder/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type ListFilters, type Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** The line and kind a port belongs to, as the add call takes them (the answer types them as plain strings). */
type PortPlace = Pick<Schema<'AddPortDto'>, 'shipType' | 'kind'>;

/** A port as `/port/*` answers it. */
export type Port = Omit<Schema<'PortView'>, keyof PortPlace> & PortPlace;

/** The port dialog's fields: the add call's body but the line and kind, which the screen gives. */
export type PortFields = Omit<ApiBody<'/port/add', 'put'>, keyof PortPlace>;

export type PortFilters = ListFilters<'ListPortsDto'>;

/** An enabled port in a select (`POST /port/options`). */
export type PortOption = Schema<'PortOption'>;

export const PORT_LIST_PATH = '/port/list';
const OPTIONS_PATH = '/port/options';

export const addPort = (body: ApiBody<'/port/add', 'put'>) => api.put('/port/add', { body });
export const updatePort = (body: ApiBody<'/port/update', 'post'>) => api.post('/port/update', { body });
export const deletePort = (id: number) => api.delete('/port/delete/{id}', { path: { id } });

/** The enabled ports of one line and kind, for the selects of prices (and orders). */
export function usePortOptions(shipType: ShipType, kind: PortKind, enabled = true) {
  return useQuery({
    queryKey: [OPTIONS_PATH, shipType, kind],
    queryFn: () => http.post<PortOption[]>(OPTIONS_PATH, { shipType, kind }),
    staleTime: 60_000,
    enabled,
  });
}

/** Port lists and the selects fed by them show a change. */
export function useRefreshPorts() {
  const client = useQueryClient();
  return useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: [PORT_LIST_PATH] }), client.invalidateQueries({ queryKey: [OPTIONS_PATH] })]).then(() => undefined),
    [client],
  );
}
