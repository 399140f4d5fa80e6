import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { defineMessages, useMessages } from '@/shared/i18n';
import { downloadFile, RequestError, uploadFile } from '@/shared/request';
import type { ImportReport, RejectedRow } from '@forwarder/domain';

/** The server's answer to an all-or-nothing workbook import (its own type: one definition for both sides). */
export type { ImportReport, RejectedRow };

const importMessages = defineMessages(
  {
    row: '行号',
    orderNo: '订单号',
    reasons: '原因',
    written: '已写入 {written} 行（共 {rows} 行）',
    writtenDuplicates: '已写入 {written} 行（共 {rows} 行）；重复 {count} 行：已导入过，未再写入',
    nothingWritten: '已写入 0 行：文件中的 {rows} 行都没有导入',
    template: '下载模板',
    choose: '选择 xlsx 文件导入',
    uploading: '正在导入，请稍候…',
  },
  {
    row: 'Row',
    orderNo: 'Order no.',
    reasons: 'Reasons',
    written: '{written} of {rows} rows written',
    writtenDuplicates: '{written} of {rows} rows written; {count} duplicate rows: imported before, not written again',
    nothingWritten: '0 rows written: none of the {rows} rows in the file was imported',
    template: 'Download template',
    choose: 'Choose an xlsx file to import',
    uploading: 'Importing, please wait…',
  },
);

/**
 * What an import did, as the server says it: its own message as the title, the rows written, and the
 * refused rows with their reasons in a small table. Used by every import dialog.
 */
export function ImportResult({ report, message }: { report: ImportReport; message: string }) {
  const t = useMessages(importMessages);
  const duplicates = report.duplicates ?? [];
  // the refused rows of a refused import, or the rows an applied one left out as duplicates
  const listed = report.applied ? duplicates : report.rejected;
  const columns: TableColumnsType<RejectedRow> = [
    { key: 'row', dataIndex: 'row', title: t('row'), width: 70 },
    ...(listed.some((r) => r.orderNo !== undefined) ? [{ key: 'orderNo', dataIndex: 'orderNo', title: t('orderNo'), width: 150 }] : []),
    { key: 'reasons', dataIndex: 'reasons', title: t('reasons'), render: (reasons: string[]) => reasons.map((reason) => <div key={reason}>{reason}</div>) },
  ];
  return (
    <Flex vertical gap={12} data-testid="import-result">
      <Alert
        type={!report.applied ? 'error' : duplicates.length ? 'warning' : 'success'}
        showIcon
        title={message}
        description={
          !report.applied
            ? t('nothingWritten', { rows: report.rows })
            : duplicates.length
              ? t('writtenDuplicates', { written: report.written, rows: report.rows, count: duplicates.length })
              : t('written', { written: report.written, rows: report.rows })
        }
        data-testid="import-result-summary"
      />
      {listed.length ? (
        <Table<RejectedRow>
          size="small"
          rowKey="row"
          columns={columns}
          dataSource={listed}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          data-testid={report.applied ? 'import-result-duplicates' : 'import-result-rejected'}
        />
      ) : null}
    </Flex>
  );
}

/** The workbook calls of one import: where its template and its upload are. */
export interface ImportCalls {
  templatePath: string;
  /** the name the template is saved under when the server gives none */
  templateName: string;
  importPath: string;
}

/**
 * An import's controls: the template download, the xlsx upload and then what the server did (the
 * report, or why the file itself was refused). `onImported` follows an applied import.
 */
export function ImportPanel({ calls, onImported, disabled }: { calls: ImportCalls; onImported?: () => void; disabled?: boolean }) {
  const t = useMessages(importMessages);
  const { message } = App.useApp();
  const [result, setResult] = useState<{ data: ImportReport; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const reason = (error: unknown) => (error instanceof RequestError ? error.message : String(error));

  async function template() {
    try {
      await downloadFile(calls.templatePath, {}, calls.templateName);
    } catch (error) {
      message.error(reason(error));
    }
  }

  async function upload(file: File) {
    setUploading(true);
    setResult(null);
    setFailure(null);
    try {
      const answer = await uploadFile<ImportReport>(calls.importPath, file);
      setResult(answer);
      if (answer.data.applied) onImported?.();
    } catch (error) {
      setFailure(reason(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Flex vertical gap={12} data-testid="import-panel">
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void template()} data-testid="import-template">
          {t('template')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={uploading} disabled={disabled} data-testid="import-upload">
            {uploading ? t('uploading') : t('choose')}
          </Button>
        </Upload>
      </Flex>
      {failure ? <Alert type="error" showIcon title={failure} data-testid="import-failure" /> : null}
      {result ? <ImportResult report={result.data} message={result.message} /> : null}
    </Flex>
  );
}
