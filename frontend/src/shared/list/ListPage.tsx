import { ColumnHeightOutlined, DownOutlined, FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Flex, Form, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { Children, Fragment, isValidElement, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { ColumnSettings } from './ColumnSettings';
import { ListExportButton } from './ListExportButton';
import {
  arrange,
  columnKey,
  filterFormValues,
  keptFilterValues,
  settingsName,
  toSettings,
  visibleColumns,
  type ArrangedColumn,
  type Density,
} from './listSettings';
import { SavedFilters } from './SavedFilters';
import { useListSettings } from './useListSettings';
import { useFormRows, useTableHeight } from '@/shared/hooks/useTableHeight';
import { useMessages } from '@/shared/i18n';
import { listMessages } from './messages';
import type { PagedList } from './usePagedList';

export interface ListPageProps<T, F> {
  list: PagedList<T, F>;
  columns: TableColumnsType<T>;
  /** the field rows are keyed by; a row without an `id` must name one */
  rowKey?: keyof T & string;
  /** Form.Items of the search form (inline); their names are the filter fields */
  searchFields?: ReactNode;
  /** buttons above the table (add, export …), already permission-checked by the caller */
  toolbar?: ReactNode;
  /** filter values that stay whatever the form says (e.g. the list a screen shows) */
  fixedFilters?: Partial<F>;
  expandable?: Parameters<typeof Table<T>>[0]['expandable'];
  rowSelection?: Parameters<typeof Table<T>>[0]['rowSelection'];
  /** a column header's sort was clicked (columns with `sorter: true`): the caller sorts on the server */
  onSort?: (field: string | undefined, order: 'asc' | 'desc' | undefined) => void;
  testId?: string;
  /**
   * The name the user's arrangement of this list is kept under (columns, density, saved filters): by default
   * the test id, else the path the list was opened at. Two lists of different columns (another line's, another
   * grouping's) need names of their own. Columns marked `hidden` are hidden until the user shows them.
   */
  settingsKey?: string;
  /** The list's 导出当前列表 route (POST, the filters plus the visible columns; streams xlsx); no button without it */
  exportPath?: string;
  /** The export's file name when the server names none */
  exportName?: string;
}

/** Search fields shown while the form is collapsed (收起), as in ant-design-pro. */
const COLLAPSED_FIELDS = 3;

/** The search form's items: a fragment's children count one by one. */
function fieldsOf(fields: ReactNode): ReactNode[] {
  return Children.toArray(fields).flatMap((child) =>
    isValidElement(child) && child.type === Fragment ? Children.toArray((child as ReactElement<{ children?: ReactNode }>).props.children) : [child],
  );
}

/**
 * The list screen of every area: a search form (查询 / 重置), a toolbar and a server-paged table with
 * the total, following antd's conventions. The data comes from `usePagedList`.
 */
export function ListPage<T extends object, F extends object>({
  list,
  columns,
  rowKey,
  searchFields,
  toolbar,
  fixedFilters,
  expandable,
  rowSelection,
  onSort,
  testId,
  settingsKey,
  exportPath,
  exportName,
}: ListPageProps<T, F>) {
  const t = useMessages(listMessages);
  const [form] = Form.useForm();
  // the path the list was opened at: a page kept in a hidden tab renders again while the address is another page's
  const [openedAt] = useState(() => window.location.pathname);
  const { settings, update } = useListSettings(settingsName(settingsKey ?? testId ?? openedAt));
  const arranged = useMemo(() => arrange(columns, settings.columns), [columns, settings.columns]);
  const shownColumns = useMemo(() => visibleColumns(columns, arranged), [columns, arranged]);
  const arrangeColumns = (next: ArrangedColumn[]) => update((current) => ({ ...current, columns: toSettings(next) }));
  const fields = fieldsOf(searchFields);
  const collapsible = fields.length > COLLAPSED_FIELDS;
  const collapsed = collapsible && settings.collapsed === true;
  const card = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === card.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void card.current?.requestFullscreen?.();
  };
  // the columns the user sees, in the order the table shows them (pinned left first, pinned right last)
  const titles = new Map(arranged.map((column) => [column.key, column.title]));
  const exportOrder = shownColumns.flatMap((column) => {
    const key = columnKey(column);
    return key !== undefined && titles.has(key) ? [{ key, title: titles.get(key)! }] : [];
  });
  const submit = (values: Partial<F>) => {
    // empty inputs are "no filter", not an empty string to match
    const filters = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as F;
    list.search({ ...filters, ...fixedFilters });
  };
  const data = list.data;
  const [filtersRef, filterRows] = useFormRows();
  const scrollHeight = useTableHeight(searchFields ? filterRows - 1 : 0);
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {searchFields && (
        <Card size="small" ref={filtersRef}>
          <Form form={form} layout="inline" onFinish={submit} initialValues={list.filters} style={{ rowGap: 12 }}>
            {/* collapsed fields stay in the form (their values still count), only out of sight */}
            {fields.map((field, index) =>
              collapsed && index >= COLLAPSED_FIELDS ? (
                <div key={`hidden-${index}`} style={{ display: 'none' }}>
                  {field}
                </div>
              ) : (
                field
              ),
            )}
            <Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('search')}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    submit({});
                  }}
                >
                  {t('reset')}
                </Button>
                <SavedFilters
                  filters={settings.filters ?? []}
                  onPick={(values) => {
                    form.resetFields();
                    form.setFieldsValue(filterFormValues(values));
                    form.submit();
                  }}
                  onSave={(name) => {
                    const values = keptFilterValues(form.getFieldsValue());
                    update((current) => ({ ...current, filters: [...(current.filters ?? []).filter((f) => f.name !== name), { name, values }] }));
                  }}
                  onDelete={(name) => update((current) => ({ ...current, filters: (current.filters ?? []).filter((f) => f.name !== name) }))}
                />
                {collapsible ? (
                  <Button
                    type="link"
                    onClick={() => update((current) => ({ ...current, collapsed: !collapsed }))}
                    icon={collapsed ? <DownOutlined /> : <UpOutlined />}
                    iconPlacement="end"
                    data-testid="list-filters-toggle"
                  >
                    {collapsed ? t('expand') : t('collapse')}
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card size="small" ref={card} style={fullscreen ? { overflow: 'auto' } : undefined}>
        <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
          <Space wrap>
            {toolbar}
            {exportPath ? (
              <ListExportButton
                path={exportPath}
                filters={list.sent ?? list.filters}
                columns={exportOrder}
                fileName={exportName ?? `${settingsName(testId ?? 'list')}.xlsx`}
              />
            ) : null}
          </Space>
          <Space size={4}>
            <Tooltip title={t('refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} aria-label={t('refresh')} />
            </Tooltip>
            <Dropdown
              trigger={['click']}
              menu={{
                selectable: true,
                selectedKeys: [settings.density ?? 'large'],
                items: (['large', 'middle', 'small'] as const).map((key) => ({
                  key,
                  label: t(key === 'large' ? 'densityLarge' : key === 'middle' ? 'densityMiddle' : 'densitySmall'),
                })),
                onClick: ({ key }) => update((current) => ({ ...current, density: key as Density })),
              }}
            >
              <Tooltip title={t('density')}>
                <Button icon={<ColumnHeightOutlined />} aria-label={t('density')} data-testid="list-density" />
              </Tooltip>
            </Dropdown>
            <Tooltip title={fullscreen ? t('exitFullscreen') : t('fullscreen')}>
              <Button
                icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={toggleFullscreen}
                aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')}
                data-testid="list-fullscreen"
              />
            </Tooltip>
            <ColumnSettings columns={arranged} onChange={arrangeColumns} onReset={() => update((current) => ({ ...current, columns: undefined }))} />
          </Space>
        </Flex>
        <Table<T>
          rowKey={rowKey ?? 'id'}
          size={settings.density}
          columns={shownColumns}
          dataSource={data?.items ?? []}
          loading={list.isFetching}
          expandable={expandable}
          rowSelection={rowSelection}
          onChange={(_, __, sorter, extra) => {
            if (extra.action !== 'sort' || !onSort || Array.isArray(sorter)) return;
            onSort(
              sorter.order ? String(sorter.columnKey ?? sorter.field) : undefined,
              sorter.order === 'ascend' ? 'asc' : sorter.order === 'descend' ? 'desc' : undefined,
            );
          }}
          scroll={{ x: 'max-content', y: fullscreen ? window.innerHeight - 160 : scrollHeight }}
          pagination={{
            current: list.pageIndex,
            pageSize: list.pageSize,
            total: data?.totalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => (data?.totalCapped ? t('totalCapped', { count: total }) : t('total', { count: total })),
            onChange: list.setPage,
          }}
        />
      </Card>
    </Flex>
  );
}
