import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Space, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
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
}: ListPageProps<T, F>) {
  const t = useMessages(listMessages);
  const [form] = Form.useForm();
  const submit = (values: Partial<F>) => {
    // empty inputs are "no filter", not an empty string to match
    const filters = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as F;
    list.search({ ...filters, ...fixedFilters } as F);
  };
  const data = list.data;
  const [filtersRef, filterRows] = useFormRows();
  const scrollHeight = useTableHeight(searchFields ? filterRows - 1 : 0);
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {searchFields && (
        <Card size="small" ref={filtersRef}>
          <Form form={form} layout="inline" onFinish={submit} initialValues={list.filters} style={{ rowGap: 12 }}>
            {searchFields}
            <Form.Item>
              <Space>
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
              </Space>
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card size="small">
        <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <Space wrap>{toolbar}</Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} aria-label={t('refresh')} />
        </Flex>
        <Table<T>
          rowKey={rowKey ?? 'id'}
          columns={columns}
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
          scroll={{ x: 'max-content', y: scrollHeight }}
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
