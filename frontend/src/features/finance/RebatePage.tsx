import { App, Button, Form, Input, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { LinkButton } from '@/shared/components/LinkButton';
import { useLanguage, useMessages } from '@/shared/i18n';
import { ListPage, usePagedList, useSave } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { orderVer, payCommissions, REBATE_LIST_PATH, reverseCommission, useRefreshFinance, type RebateFilters, type RebateRow } from './api';
import { PartyFilterFields, useShipTypeLabel } from './FilterSelects';
import { financeMessages } from './messages';
import { formatMoney } from './money';
import { CommissionRulesDialog } from './CommissionRulesDialog';
import { OrderFinanceDrawer } from './OrderFinanceDrawer';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';

const EMPTY = '----';
const time = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : EMPTY);

/** Whether a commission route lists those paid (/finance/rebate) or those due (/finance/notRebate). */
export const paidListOf = (path: string) => path.replace(/\/+$/, '').endsWith('/rebate');

/**
 * /finance/notRebate and /finance/rebate: commissions due on delivered, fully paid orders (paying the
 * selected ones settles them and moves the orders to brokerage), and those paid (a reversal, with a
 * reason, sends the order back to delivered and makes it due again).
 */
export function RebatePage() {
  const paid = paidListOf(usePageRoute().path);
  return <RebateScreen key={String(paid)} paid={paid} />;
}

function RebateScreen({ paid }: { paid: boolean }) {
  const t = useMessages(financeMessages);
  const language = useLanguage();
  const { modal } = App.useApp();
  const money = (value: RebateRow['amount'] | null | undefined) => formatMoney(value, null, language);
  const lineLabel = useShipTypeLabel();
  const mayPay = usePermission(['finance:upgrade']);
  const mayReverse = usePermission(['finance:demotion']);
  const mayOpenOrder = usePermission(['finance:list', 'finance:inquiry']);
  const paged = usePagedList<RebateRow, RebateFilters>(REBATE_LIST_PATH, { paid });
  const [selected, setSelected] = useState<RebateRow[]>([]);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const refresh = useRefreshFinance();
  const reload = () => {
    setSelected([]);
    void refresh();
  };
  const pay = useSave({ save: payCommissions, onSaved: reload, onStale: reload });
  const reverse = useSave({
    save: async ({ row, text }: { row: RebateRow; text: string }) =>
      reverseCommission({ orderId: row.orderId, reason: text, ver: await orderVer(row.orderId) }),
    savedMessage: t('reversed'),
    onSaved: reload,
    onStale: reload,
  });

  const orderLink = (no: string, row: RebateRow) => (mayOpenOrder ? <LinkButton onClick={() => setOrderId(row.orderId)}>{no}</LinkButton> : no);
  const common: TableColumnsType<RebateRow> = [
    { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo', fixed: 'left', render: orderLink },
    { key: 'shipType', title: t('shipType'), dataIndex: 'shipType', render: lineLabel },
    { key: 'customer', title: t('customer'), dataIndex: 'customerName', render: (value: string | null) => value ?? EMPTY },
    { key: 'salesman', title: t('salesman'), dataIndex: 'salesmanName', render: (value: string | null) => value ?? EMPTY },
  ];
  const rate = (value: RebateRow['rate']) => (value === null || value === undefined ? EMPTY : `${Number(value)}%`);
  const columns: TableColumnsType<RebateRow> = paid
    ? [
        ...common,
        { key: 'basis', title: t('basis'), dataIndex: 'basis', render: (basis: RebateRow['basis']) => (basis ? t(`basis_${basis}`) : EMPTY) },
        { key: 'base', title: t('base'), dataIndex: 'base', align: 'right', render: money },
        { key: 'rate', title: t('commissionRate'), dataIndex: 'rate', align: 'right', render: rate },
        { key: 'amount', title: t('commission'), dataIndex: 'amount', align: 'right', render: money },
        { key: 'paidBy', title: t('paidBy'), dataIndex: 'paidByName', render: (value: string | null) => value ?? EMPTY },
        { key: 'paidAt', title: t('paidAt'), dataIndex: 'paidAt', render: time },
        ...(mayReverse
          ? [
              {
                key: 'actions',
                title: '',
                fixed: 'right' as const,
                render: (_: unknown, row: RebateRow) => (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setReason({ title: t('reverseTitle', { no: row.orderNo }), save: (text) => reverse.mutateAsync({ row, text }) })}
                    data-testid={`rebate-reverse-${row.orderId}`}
                  >
                    {t('reverse')}
                  </Button>
                ),
              },
            ]
          : []),
      ]
    : [
        ...common,
        { key: 'deliveredAt', title: t('deliveredAt'), dataIndex: 'deliveredAt', render: time },
        { key: 'revenue', title: t('revenue'), dataIndex: 'revenue', align: 'right', render: money },
        { key: 'cost', title: t('cost'), dataIndex: 'cost', align: 'right', render: money },
        { key: 'profit', title: t('profit'), dataIndex: 'profit', align: 'right', render: money },
        {
          key: 'rule',
          title: t('rule'),
          render: (_, row) => (row.ruleId ? `${row.ruleName ?? ''} · ${row.basis ? t(`basis_${row.basis}`) : ''}` : <Tag color="warning">{t('noRule')}</Tag>),
        },
        { key: 'rate', title: t('commissionRate'), dataIndex: 'rate', align: 'right', render: rate },
        { key: 'commission', title: t('commission'), dataIndex: 'commission', align: 'right', render: money },
      ];
  const ids = selected.map((row) => row.orderId);
  const selectedSum = selected.reduce((sum, row) => sum + Number(row.commission ?? 0), 0);

  return (
    <>
      <ListPage<RebateRow, RebateFilters>
        list={paged}
        columns={columns}
        rowKey={paid ? 'id' : 'orderId'}
        fixedFilters={{ paid }}
        testId={paid ? 'finance-rebate-paid' : 'finance-rebate-due'}
        exportPath="/finance/rebate/list/export"
        rowSelection={
          !paid && mayPay
            ? {
                selectedRowKeys: ids,
                onChange: (_, rows) => setSelected(rows),
                // without a matching rule there is nothing to pay
                getCheckboxProps: (row) => ({ disabled: !row.ruleId }),
              }
            : undefined
        }
        toolbar={
          <>
            {!paid && mayPay ? (
              <>
                <Button
                  type="primary"
                  disabled={!ids.length}
                  loading={pay.isPending}
                  onClick={() => {
                    modal.confirm({ title: t('payConfirm', { count: ids.length }), onOk: () => pay.mutateAsync(ids).catch(() => undefined) });
                  }}
                  data-testid="rebate-pay"
                >
                  {t('pay')}
                </Button>
                {ids.length ? (
                  <Typography.Text type="secondary">
                    {t('selectedCount', { count: ids.length })} · {formatMoney(selectedSum, 'CNY', language)}
                  </Typography.Text>
                ) : null}
              </>
            ) : null}
            <Button onClick={() => setRulesOpen(true)} data-testid="rebate-rules">
              {t('rules')}
            </Button>
          </>
        }
        searchFields={
          <>
            <Form.Item name="orderNo" label={t('orderNo')}>
              <Input allowClear maxLength={40} style={{ width: 160 }} />
            </Form.Item>
            <PartyFilterFields customer={false} />
          </>
        }
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      <CommissionRulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
      <OrderFinanceDrawer orderId={orderId} onClose={() => setOrderId(null)} />
    </>
  );
}
