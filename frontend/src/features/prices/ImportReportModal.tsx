import { Alert, Button, Modal, Table } from 'antd';
import { useMessages } from '@/shared/i18n';
import { priceMessages } from './messages';
import type { ImportRejection } from './priceRules';

/** Why the server refused an import: each wrong row (as Excel numbers it) with its reasons. */
export function ImportReportModal({ rejection, onClose }: { rejection: ImportRejection | null; onClose: () => void }) {
  const t = useMessages(priceMessages);
  return (
    <Modal
      open={rejection !== null}
      width={720}
      title={t('importRejectedTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      data-testid="price-import-report"
    >
      {rejection?.general.length ? <Alert type="error" showIcon title={rejection.general.join('；')} style={{ marginBottom: 12 }} /> : null}
      <Table
        size="small"
        rowKey="row"
        dataSource={rejection?.rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { key: 'row', dataIndex: 'row', title: t('importRow'), width: 80 },
          {
            key: 'reasons',
            dataIndex: 'reasons',
            title: t('importReasons'),
            render: (reasons: string[]) => reasons.map((reason) => <div key={reason}>{reason}</div>),
          },
        ]}
      />
    </Modal>
  );
}
