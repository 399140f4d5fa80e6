import { Button, Form, Result, Select, Switch, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { useMessages } from '@/shared/i18n';
import { actionsColumn, ConfirmAction, listMessages, ListPage, RowAction, SearchText, usePagedList, useSave } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { deletePort, PORT_LIST_PATH, updatePort, useRefreshPorts, type Port, type PortFilters } from './api';
import { portMessages } from './messages';
import { PortDialog } from './PortDialog';
import { portScreenOf, type PortScreen } from './portRules';

/** The one screen of the six port routes (/port/smallbagStart …): the route says which line and kind. */
export function PortListPage() {
  const t = useMessages(portMessages);
  const screen = portScreenOf(usePageRoute().path);
  return screen ? <PortList key={`${screen.shipType}-${screen.kind}`} screen={screen} /> : <Result status="404" title={t('unknownScreen')} />;
}

function PortList({ screen }: { screen: PortScreen }) {
  const t = useMessages(portMessages);
  const common = useMessages(listMessages);
  const list = usePagedList<Port, PortFilters>(PORT_LIST_PATH, screen);
  const refresh = useRefreshPorts();
  const mayAdd = usePermission(['port:add']);
  const mayModify = usePermission(['port:modify']);
  const mayDelete = usePermission(['port:delete']);
  const [dialog, setDialog] = useState<{ port: Port | null } | null>(null);
  const reload = () => void refresh();
  const toggle = useSave({
    onSaved: reload,
    onStale: reload,
    save: ({ id, ver, shipType, kind, code, nameZh, nameEn, country, city, sort, enabled }: Port) =>
      updatePort({ id, ver, shipType, kind, code, nameZh, nameEn, country, city: city ?? '', sort, enabled: !enabled }),
  });
  const remove = useSave({ save: deletePort, onSaved: reload, onStale: reload });

  const columns: TableColumnsType<Port> = [
    { key: 'code', title: t('code'), dataIndex: 'code' },
    { key: 'nameZh', title: t('nameZh'), dataIndex: 'nameZh' },
    { key: 'nameEn', title: t('nameEn'), dataIndex: 'nameEn' },
    { key: 'country', title: t('country'), dataIndex: 'country' },
    { key: 'city', title: t('city'), dataIndex: 'city', render: (city: string | null) => city || '----' },
    { key: 'sort', title: t('sort'), dataIndex: 'sort', align: 'right' },
    {
      key: 'enabled',
      title: t('enabled'),
      render: (_, port) => (
        <Switch
          size="small"
          checked={port.enabled}
          disabled={!mayModify}
          loading={toggle.isPending && toggle.variables?.id === port.id}
          onChange={() => toggle.mutate(port)}
          data-testid={`port-enabled-${port.code}`}
        />
      ),
    },
    { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm') },
  ];
  if (mayModify || mayDelete) {
    columns.push(
      actionsColumn(
        common('actions'),
        (port) => (
          <>
            {mayModify ? (
              <RowAction onClick={() => setDialog({ port })} testId={`port-edit-${port.code}`}>
                {common('edit')}
              </RowAction>
            ) : null}
            {mayDelete ? (
              <ConfirmAction title={common('deleteConfirm')} onConfirm={() => remove.mutateAsync(port.id)} testId={`port-delete-${port.code}`} />
            ) : null}
          </>
        ),
        { fixed: 'right' },
      ),
    );
  }

  return (
    <>
      <ListPage<Port, PortFilters>
        list={list}
        columns={columns}
        fixedFilters={screen}
        testId={`port-list-${screen.shipType}-${screen.kind}`}
        exportPath="/port/list/export"
        toolbar={
          mayAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ port: null })} data-testid="port-add">
              {common('add')}
            </Button>
          ) : null
        }
        searchFields={
          <>
            <SearchText name="key" label={t('searchKey')} max={50} placeholder={t('searchKeyPlaceholder')} />
            <Form.Item
              name="enabled"
              label={t('status')}
              // the form holds the boolean the server filters on; the select shows it as text
              getValueProps={(value?: boolean) => ({ value: value === undefined ? undefined : String(value) })}
              normalize={(value?: string) => (value === undefined ? undefined : value === 'true')}
            >
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('all')}
                options={[
                  { value: 'true', label: t('statusEnabled') },
                  { value: 'false', label: t('statusDisabled') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      <PortDialog screen={screen} port={dialog?.port ?? null} open={dialog !== null} onClose={() => setDialog(null)} />
    </>
  );
}
