import { DatePicker, Form, Input } from 'antd';
import { useMessages } from '@/shared/i18n';
import { logMessages } from './messages';
import { StaffSelect } from './StaffSelect';

/**
 * The filters every log list has: a day range, a user, a text (what it matches is the screen's `textHint`);
 * `traced` lists (requests, exceptions) also find the rows of one request by its id, the one a user quotes.
 */
export function LogFilterFields({ userLabel, textHint, traced }: { userLabel?: string; textHint: string; traced?: boolean }) {
  const t = useMessages(logMessages);
  return (
    <>
      <Form.Item name="range" label={t('timeRange')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="userId" label={userLabel ?? t('user')}>
        <StaffSelect placeholder={t('userPlaceholder')} style={{ width: 160 }} data-testid="log-filter-user" />
      </Form.Item>
      <Form.Item name="text" label={t('text')}>
        <Input allowClear maxLength={100} placeholder={textHint} style={{ width: 200 }} data-testid="log-filter-text" />
      </Form.Item>
      {traced && (
        <Form.Item name="requestId" label={t('requestId')}>
          <Input allowClear maxLength={80} placeholder={t('requestIdHint')} style={{ width: 300 }} data-testid="log-filter-request-id" />
        </Form.Item>
      )}
    </>
  );
}
