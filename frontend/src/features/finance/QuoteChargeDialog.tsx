import { Alert, Col, Form, InputNumber, Modal, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { useMessages } from '@/shared/i18n';
import { listMessages, serverFieldErrors, useSave } from '@/shared/list';
import { RequestError } from '@/shared/request';
import { chargeFromQuote, useRefreshFinance } from './api';
import { financeMessages } from './messages';
import { TaxRateField } from './MoneyFields';

interface QuoteValues {
  rate?: number | null;
  taxRate?: number | null;
}

/**
 * Bills the order's freight from its quotation (`finance/charge/quote/{orderId}`): the rate to CNY for a
 * quotation in a foreign currency and a tax rate. When no price applies the server's reason stays shown
 * in the dialog.
 */
export function QuoteChargeDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<QuoteValues>();
  const refresh = useRefreshFinance();
  const mutation = useSave({
    save: (values: QuoteValues) => chargeFromQuote(orderId!, { rate: values.rate ?? null, taxRate: values.taxRate ?? 0 }),
    form,
    onSaved: () => {
      void refresh();
      onClose();
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    if (orderId === null) return;
    form.resetFields();
    reset();
  }, [orderId, form, reset]);
  // a refusal that is not about a field (no quotation, no chargeable weight, …): the server's reason
  const refusal = mutation.error instanceof RequestError && !serverFieldErrors(mutation.error) ? mutation.error.message : null;

  return (
    <Modal
      open={orderId !== null}
      title={t('billFromQuote')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('billFromQuote')}
      cancelText={common('cancel')}
      confirmLoading={mutation.isPending}
      okButtonProps={{ 'data-testid': 'charge-quote-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('quoteHint')}</Typography.Paragraph>
      {refusal ? <Alert type="warning" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="charge-quote-refusal" /> : null}
      <Form form={form} layout="vertical" initialValues={{ taxRate: 0 }} onFinish={(values) => mutation.mutate(values)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="rate" label={t('rate')}>
              <InputNumber min={0} precision={6} style={{ width: '100%' }} data-testid="charge-quote-rate" />
            </Form.Item>
          </Col>
          <TaxRateField testId="charge-quote-tax-rate" col={{ span: 12 }} />
        </Row>
      </Form>
    </Modal>
  );
}
