import type { PriceBreak, ShipType } from '@forwarder/domain';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Modal, Result, Select, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePageRoute } from '@/app/pageRoute';
import { useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, ConfirmAction, listMessages, ListPage, RowAction, SearchText, usePagedList, useSave } from '@/shared/list';
import { ImportPanel } from '@/shared/components/ImportResult';
import { usePermission } from '@/shared/permission';
import { deletePrice, PRICE_LIST_PATH, useRefreshPrices, type Price, type PriceFilters } from './api';
import { priceMessages } from './messages';
import { PriceDialog } from './PriceDialog';
import { exportPrices } from './priceFiles';
import { priceLineOf } from './priceRules';
import { portLabel, usePortSelect } from './PortSelect';

const DAY = 'YYYY-MM-DD';

/** The cost and quotation table of one line (/price/smallbag …): the route says which line. */
export function PriceListPage() {
  const t = useMessages(priceMessages);
  const shipType = priceLineOf(usePageRoute().path);
  return shipType ? <PriceList key={shipType} shipType={shipType} /> : <Result status="404" title={t('unknownScreen')} />;
}

function PriceList({ shipType }: { shipType: ShipType }) {
  const t = useMessages(priceMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const { message } = App.useApp();
  const list = usePagedList<Price, PriceFilters>(PRICE_LIST_PATH, { shipType });
  const refresh = useRefreshPrices();
  const maySeeCost = usePermission(['price:cost']);
  const mayModify = usePermission(['price:modify']);
  const mayExport = usePermission(['price:export']);
  const mayImport = usePermission(['price:import']);
  const origins = usePortSelect(shipType, 'start');
  const destinations = usePortSelect(shipType, 'end');
  const [dialog, setDialog] = useState<{ price: Price | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const reload = () => void refresh();
  const remove = useSave({ save: deletePrice, onSaved: reload, onStale: reload });

  /** A workbook call with a loading message while the server builds or reads the file. */
  async function withProgress(loading: string, call: () => Promise<string | void>) {
    setBusy(true);
    const hide = message.loading(loading, 0);
    try {
      const done = await call();
      if (done) message.success(done);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      hide();
      setBusy(false);
    }
  }

  const exportList = () =>
    withProgress(t('exporting'), async () => {
      await exportPrices(list.filters);
      return t('exported');
    });

  const kindTag = (kind: Price['kind']) => (kind === 'cost' ? <Tag color="orange">{t('kindCost')}</Tag> : <Tag color="blue">{t('kindQuotation')}</Tag>);
  const columns: TableColumnsType<Price> = [
    { key: 'id', title: t('id'), dataIndex: 'id' },
    { key: 'kind', title: t('kind'), dataIndex: 'kind', render: kindTag },
    { key: 'origin', title: t('origin'), render: (_, price) => (price.originPort ? portLabel(price.originPort, language) : price.originPortId) },
    {
      key: 'destination',
      title: t('destination'),
      render: (_, price) => (price.destinationPort ? portLabel(price.destinationPort, language) : price.destinationPortId),
    },
    { key: 'channel', title: t('channel'), dataIndex: 'channel' },
    { key: 'unit', title: t('unit'), dataIndex: 'unit' },
    { key: 'currency', title: t('currency'), dataIndex: 'currency' },
    { key: 'minCharge', title: t('minCharge'), dataIndex: 'minCharge', align: 'right' },
    { key: 'validity', title: t('validity'), render: (_, price) => `${price.validFrom} ~ ${price.validTo}` },
    { key: 'breaks', title: t('breaks'), render: (_, price) => t('breakCount', { count: price.breaks.length }) },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true, render: (remark: string | null) => remark || '----' },
  ];
  if (mayModify) {
    columns.push(
      actionsColumn(
        common('actions'),
        (price) => (
          <>
            <RowAction onClick={() => setDialog({ price })} testId={`price-edit-${price.id}`}>
              {common('edit')}
            </RowAction>
            <ConfirmAction title={common('deleteConfirm')} onConfirm={() => remove.mutateAsync(price.id)} testId={`price-delete-${price.id}`} />
          </>
        ),
        { fixed: 'right' },
      ),
    );
  }

  const breakColumns: TableColumnsType<PriceBreak> = [
    { key: 'minQuantity', dataIndex: 'minQuantity', title: t('minQuantity') },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('unitPrice') },
  ];

  return (
    <>
      <ListPage<Price, PriceFilters>
        list={list}
        columns={columns}
        fixedFilters={{ shipType }}
        testId={`price-list-${shipType}`}
        exportPath={mayExport ? '/price/list/export' : undefined}
        expandable={{
          expandedRowRender: (price) => (
            <Table<PriceBreak>
              size="small"
              rowKey="minQuantity"
              pagination={false}
              style={{ maxWidth: 480 }}
              columns={breakColumns.map((column) =>
                column.key === 'minQuantity' ? { ...column, render: (from: number) => t('breakRange', { from, unit: price.unit }) } : column,
              )}
              dataSource={price.breaks}
            />
          ),
        }}
        toolbar={
          <>
            {mayModify ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ price: null })} data-testid="price-add">
                {common('add')}
              </Button>
            ) : null}
            {mayExport ? (
              <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void exportList()} data-testid="price-export">
                {t('export')}
              </Button>
            ) : null}
            {mayImport ? (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="price-import">
                {t('import')}
              </Button>
            ) : null}
          </>
        }
        searchFields={
          <>
            {maySeeCost ? (
              <Form.Item name="kind" label={t('kind')}>
                <Select
                  allowClear
                  style={{ width: 120 }}
                  placeholder={t('all')}
                  options={[
                    { value: 'quotation', label: t('kindQuotation') },
                    { value: 'cost', label: t('kindCost') },
                  ]}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="originPortId" label={t('origin')}>
              <Select {...origins} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('all')} />
            </Form.Item>
            <Form.Item name="destinationPortId" label={t('destination')}>
              <Select {...destinations} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('all')} />
            </Form.Item>
            <SearchText name="channel" label={t('channel')} max={100} width={160} />
            <Form.Item
              name="validOn"
              label={t('validOn')}
              // the form holds the day as the server takes it (YYYY-MM-DD)
              getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
              normalize={(value: dayjs.Dayjs | null) => value?.format(DAY)}
            >
              <DatePicker />
            </Form.Item>
          </>
        }
      />
      <PriceDialog shipType={shipType} price={dialog?.price ?? null} open={dialog !== null} onClose={() => setDialog(null)} />
      {importing ? (
        <Modal open title={t('import')} width={720} footer={null} onCancel={() => setImporting(false)} destroyOnHidden>
          <ImportPanel
            calls={{ templatePath: '/price/template', templateName: 'price-import-template.xlsx', importPath: `/price/import/${shipType}` }}
            onImported={reload}
          />
        </Modal>
      ) : null}
    </>
  );
}
