import { DatePicker, Form, Input } from 'antd';
import { useMessages } from '@/shared/i18n';
import { logMessages } from './messages';
import { StaffSelect } from './StaffSelect';

/** The filters every log list has: a day range, a user, a text (what it matches is the screen's `textHint`). */
export function LogFilterFields({ userLabel, textHint }: { userLabel?: string; textHint: string }) {
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
    </>
  );
}
