import { Descriptions, Drawer, Skeleton, Space, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useDictOptions } from '@/features/dict';
import { useLanguage, useMessages } from '@/shared/i18n';
import { useRecordDetail } from './api';
import { financeMessages } from './messages';
import { formatMoney, formatRate } from './money';
import { TYPE_DICTIONARY } from './RecordFormDialog';
import { StatusTag } from './StatusTag';

const EMPTY = '----';
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : EMPTY);

const LOG_ACTIONS = ['register', 'update', 'submit', 'pass', 'refuse', 'amend', 'unlock', 'lock', 'delete'] as const;
type LogAction = (typeof LOG_ACTIONS)[number];

/** A record with its vouchers and the history of its moves (`GET /finance/record/{id}`). */
export function RecordDetailDrawer({ recordId, onClose }: { recordId: number | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const language = useLanguage();
  const detail = useRecordDetail(recordId);
  const record = detail.data;
  const types = useDictOptions(TYPE_DICTIONARY[record?.kind ?? 'outgoing']);
  const methods = useDictOptions('paymentMethod');
  const logAction = (action: string) => ((LOG_ACTIONS as readonly string[]).includes(action) ? t(`log_${action as LogAction}`) : action);
  return (
    <Drawer open={recordId !== null} size={640} title={record ? `${t(`kind_${record.kind}`)} ${record.recordNo}` : ''} onClose={onClose} destroyOnHidden>
      {!record ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="finance-record-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('status')}>
              <StatusTag status={record.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orderNo')}>{record.orderNo ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('customer')}>{record.customerName ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('type')}>{types.labelOf(record.type)}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{formatMoney(record.amount, record.currency, language)}</Descriptions.Item>
            <Descriptions.Item label={t('rate')}>{formatRate(record.rate)}</Descriptions.Item>
            <Descriptions.Item label={t('bookAmount')}>{formatMoney(record.bookAmount, 'CNY', language)}</Descriptions.Item>
            <Descriptions.Item label={record.kind === 'outgoing' ? t('payee') : t('payer')}>{record.counterparty}</Descriptions.Item>
            <Descriptions.Item label={t('method')}>{methods.labelOf(record.method)}</Descriptions.Item>
            <Descriptions.Item label={t('paidOn')}>{record.paidOn}</Descriptions.Item>
            <Descriptions.Item label={t('createdBy')}>{record.createdByName ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('auditor')}>{record.auditedByName ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('refuseReason')} span={2}>
              {record.refuseReason ?? EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label={t('unlockReason')} span={2}>
              {record.unlockReason ?? EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label={t('vouchers')} span={2}>
              {record.vouchers.length
                ? record.vouchers.map((voucher) => (
                    <div key={voucher.id}>
                      <Typography.Link href={voucher.url} target="_blank" rel="noreferrer">
                        {voucher.fileName}
                      </Typography.Link>
                    </div>
                  ))
                : EMPTY}
            </Descriptions.Item>
            <Descriptions.Item label={t('remark')} span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{record.remark ?? EMPTY}</span>
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('logs')}</Typography.Title>
            <Timeline
              items={record.logs.map((log, index) => ({
                key: index,
                content: (
                  <>
                    <Typography.Text strong>{logAction(log.action)}</Typography.Text> · {log.userName ?? EMPTY} · {time(log.createdAt)}
                    {log.reason ? <div style={{ whiteSpace: 'pre-wrap' }}>{log.reason}</div> : null}
                  </>
                ),
              }))}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
