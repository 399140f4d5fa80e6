import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Form, Progress, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { downloadFile, type DownloadProgress } from '@/shared/request';
import { REPORT_PATH, type ReportFilters, type ShipType } from './api';
import { defaultReportPeriod } from './dateField';
import { PartyFilterFields } from './FilterSelects';
import { financeMessages } from './messages';
import { formatBytes, percentDone, reportRows } from './reportProgress';

interface ReportForm {
  period: [Dayjs, Dayjs];
  shipType?: ShipType;
  salesmanId?: number;
  customerId?: number;
}

/**
 * /finance/export: the finance workbook of the orders created in a period, by line, salesman and
 * customer. The server streams it while it builds; the bar follows the bytes received.
 */
export function ReportExportPage() {
  const t = useMessages(financeMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<ReportForm>();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [rows, setRows] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = progress !== null;

  const exportReport = async ({ period, ...filters }: ReportForm) => {
    const [from, to] = period.map((day) => day.format('YYYY-MM-DD'));
    const body: ReportFilters = { ...filters, from, to };
    setError(null);
    setRows(null);
    setProgress({ received: 0, total: null });
    try {
      await downloadFile(REPORT_PATH, body, `财务报表 ${from}~${to}.xlsx`, {
        onStart: (headers) => setRows(reportRows(headers)),
        onProgress: setProgress,
      });
      message.success(t('downloaded'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };

  const percent = progress ? percentDone(progress) : null;
  return (
    <Card title={t('reportTitle')} data-testid="finance-report">
      <Typography.Paragraph type="secondary">{t('reportHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12 }}
        initialValues={{ period: defaultReportPeriod() }}
        onFinish={(values) => void exportReport(values)}
      >
        <Form.Item name="period" label={t('period')} rules={[{ required: true, message: t('periodRequired') }]}>
          <DatePicker.RangePicker allowClear={false} data-testid="report-period" />
        </Form.Item>
        <PartyFilterFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={running} data-testid="report-download">
            {running ? t('downloading') : t('download')}
          </Button>
        </Form.Item>
      </Form>
      {progress ? (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 24 }} data-testid="report-progress">
          {/* a stream without a length has no percentage: the bar keeps moving and the bytes count up */}
          <Progress percent={percent ?? 100} status="active" showInfo={percent !== null} />
          <Typography.Text type="secondary">
            {t('receivedBytes', { size: formatBytes(progress.received) })}
            {rows !== null ? ` · ${t('reportRows', { rows })}` : ''}
          </Typography.Text>
        </Space>
      ) : null}
      {error ? <Alert type="error" showIcon style={{ marginTop: 24 }} title={error} /> : null}
    </Card>
  );
}
