import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/shared/api';
import { asListSettings, type ListSettings } from './listSettings';

/** The query of a list's settings (`name` as settingsName makes it); a screen's prefetch makes the same one ahead of it. */
export function listSettingsQuery(name: string) {
  return {
    queryKey: ['/user/preference', name],
    queryFn: async () => asListSettings((await api.get('/user/preference/{name}', { path: { name } })).value),
  };
}

/**
 * A list's settings kept for the user on the server (GET/PUT /user/preference/:name), so that they follow the
 * user to another browser and survive a reload. Until they arrive (or when they cannot be read) the list
 * shows its defaults; a change shows at once and is saved behind it.
 */
export function useListSettings(name: string) {
  const client = useQueryClient();
  const { queryKey, queryFn } = listSettingsQuery(name);
  const query = useQuery({ queryKey, queryFn, staleTime: Infinity, retry: false });
  const save = useMutation({
    mutationFn: (value: ListSettings) => api.put('/user/preference/{name}', { path: { name }, body: { value } }),
  });
  const { mutate } = save;
  const update = useCallback(
    (change: (current: ListSettings) => ListSettings) => {
      const next = change(client.getQueryData<ListSettings>(queryKey) ?? {});
      client.setQueryData(queryKey, next);
      mutate(next);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- queryKey is made of name
    [client, mutate, name],
  );
  return { settings: query.data ?? {}, loaded: query.isFetched, update };
}
