import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ReasonField } from '@/shared/components/ReasonField';
import { useMessages } from '@/shared/i18n';
import { financeMessages } from './messages';

export interface ReasonRequest {
  title: string;
  /** what the move does, shown above the reason */
  hint?: string;
  /** resolves when saved (the dialog closes); rejects to keep it open */
  save: (reason: string) => Promise<unknown>;
}

/** Asks the reason of a refusal, an unlock, a commission reversal or a charge's void (required, ≤ 500 characters). */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={request !== null}
      title={request?.title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'finance-reason-submit' }}
      destroyOnHidden
    >
      {request?.hint ? <Typography.Paragraph type="secondary">{request.hint}</Typography.Paragraph> : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reason }) => {
          if (!request) return;
          setSaving(true);
          request
            .save(reason.trim())
            .then(onClose, () => undefined)
            .finally(() => setSaving(false));
        }}
      >
        <ReasonField
          name="reason"
          label={t('reason')}
          max={500}
          lengthMessage={t('lengthMax', { max: 500 })}
          requiredMessage={t('reasonRequired')}
          testId="finance-reason"
        />
      </Form>
    </Modal>
  );
}
