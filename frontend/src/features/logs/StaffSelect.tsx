import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '@/shared/api';

/** `POST /user/list/take`: active staff matching a key (name, account or job number), a few at a time. */
interface StaffPick {
  id: number;
  fullName: string;
}

const TAKE = ['user', 'list', 'take'] as const;
const SEARCH_DELAY_MS = 300;

type Props = Omit<SelectProps<number | number[]>, 'options' | 'showSearch' | 'loading' | 'filterOption'>;

/**
 * Picks staff by searching the server as the user types. Staff already chosen keep their names when the
 * current search does not list them: from earlier searches, else from their detail (an edited record
 * names them by id only).
 */
export function StaffSelect(props: Props) {
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [key, setKey] = useState('');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKey(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const picks = useQuery({
    queryKey: [...TAKE, key],
    queryFn: () => api.post('/user/list/take', { body: { key: key || null } }),
    enabled: opened,
    staleTime: 30_000,
  });

  const known = new Map<number, string>();
  for (const [, data] of client.getQueriesData<StaffPick[]>({ queryKey: TAKE })) for (const pick of data ?? []) known.set(pick.id, pick.fullName);
  const selected = props.value == null ? [] : Array.isArray(props.value) ? props.value : [props.value];
  const details = useQueries({
    queries: selected
      .filter((id) => !known.has(id))
      .map((id) => ({ queryKey: ['user', 'detail', id], queryFn: () => api.get('/user/detail/{id}', { path: { id } }), staleTime: Infinity })),
  });
  for (const detail of details) if (detail.data) known.set(detail.data.id, detail.data.fullName);

  const listed = new Set((picks.data ?? []).map((pick) => pick.id));
  const options = [
    ...selected.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: known.get(id) ?? `#${id}` })),
    ...(picks.data ?? []).map((pick) => ({ value: pick.id, label: pick.fullName })),
  ];

  return (
    <Select<number | number[]>
      allowClear
      {...props}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={picks.isFetching}
      options={options}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        props.onOpenChange?.(open);
      }}
    />
  );
}
