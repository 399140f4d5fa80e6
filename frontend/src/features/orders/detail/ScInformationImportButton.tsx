import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ShipType } from '@/features/ports/portRules';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { downloadFile, RequestError, uploadFile } from '@/shared/request';
import type { ScImportReport } from './api';
import { orderDetailMessages } from './messages';

type Rejected = ScImportReport['rejected'][number];

/**
 * Imports the shipping information (container, seal, vessel or flight, ETD/ETA, document numbers) of a
 * line's orders from the xlsx template (order:import). All rows or none: a refused file lists each wrong
 * row with its reasons.
 */
export function ScInformationImportButton({ shipType, onImported }: { shipType: ShipType; onImported?: () => void }) {
  const t = useMessages(orderDetailMessages);
  const allowed = usePermission(['order:import']);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="sc-import">
        {t('importScInformation')}
      </Button>
      {open ? <ScImportDialog shipType={shipType} onClose={() => setOpen(false)} onImported={onImported} /> : null}
    </>
  );
}

function ScImportDialog({ shipType, onClose, onImported }: { shipType: ShipType; onClose: () => void; onImported?: () => void }) {
  const t = useMessages(orderDetailMessages);
  const { message } = App.useApp();
  const [report, setReport] = useState<ScImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  async function template() {
    try {
      await downloadFile('/order/scInformation/template', {}, 'scInformation.xlsx');
    } catch (error) {
      message.error(error instanceof RequestError ? error.message : String(error));
    }
  }

  async function upload(file: File) {
    setUploading(true);
    setReport(null);
    setFailure(null);
    const hide = message.loading(t('importUploading'), 0);
    try {
      const answer = await uploadFile<ScImportReport>(`/order/scInformation/import/${shipType}`, file);
      setReport(answer.data);
      if (answer.data.applied) {
        message.success(answer.message);
        onImported?.();
      }
    } catch (error) {
      setFailure(error instanceof RequestError ? error.message : String(error));
    } finally {
      hide();
      setUploading(false);
    }
  }

  const columns: TableColumnsType<Rejected> = [
    { key: 'row', dataIndex: 'row', title: t('importRow'), width: 70 },
    { key: 'orderNo', dataIndex: 'orderNo', title: t('importOrderNo'), width: 150 },
    { key: 'reasons', dataIndex: 'reasons', title: t('importReasons'), render: (reasons: string[]) => reasons.join('；') },
  ];

  return (
    <Modal open title={t('importScInformation')} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap={12} data-testid="sc-import-dialog">
        <Flex gap={8}>
          <Button icon={<DownloadOutlined />} onClick={() => void template()}>
            {t('importTemplate')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
              {t('importChoose')}
            </Button>
          </Upload>
        </Flex>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        {report ? (
          <Alert
            type={report.applied ? 'success' : 'error'}
            showIcon
            title={t('importAccepted', { count: report.accepted })}
            description={report.rejected.length ? t('importRejected', { count: report.rejected.length }) : undefined}
            data-testid="sc-import-report"
          />
        ) : null}
        {report && report.rejected.length ? (
          <Table<Rejected> size="small" rowKey="row" columns={columns} dataSource={report.rejected} pagination={false} scroll={{ y: 320 }} data-testid="sc-import-rejected" />
        ) : null}
      </Flex>
    </Modal>
  );
}
