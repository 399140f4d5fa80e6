import { SORT_MAX } from '@forwarder/domain';
import { Form, InputNumber } from 'antd';
import { sortRule } from '@/shared/components/sortRule';

/** The sort order of an administration record: a whole number from 0 to SORT_MAX, labelled and explained by its screen. */
export function SortField({ label, invalid }: { label: string; invalid: string }) {
  return (
    <Form.Item name="sort" label={label} rules={[sortRule(invalid)]}>
      <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}
