import { Form, Input } from 'antd';
import { textRules } from './TextField';

interface ReasonFieldProps {
  name: string;
  label: string;
  max: number;
  lengthMessage: string;
  /** the message when it is left empty; without it the field may be empty */
  requiredMessage?: string;
  /** false: optional for now (e.g. needed only for a rejection) */
  required?: boolean;
  /** fields whose change revalidates this one */
  dependencies?: string[];
  placeholder?: string;
  testId?: string;
}

/** A reason or remark written for someone to read: a growing text box, its length counted up to `max`. */
export function ReasonField({ name, label, max, lengthMessage, requiredMessage, required = true, dependencies, placeholder, testId }: ReasonFieldProps) {
  return (
    <Form.Item name={name} label={label} dependencies={dependencies} rules={textRules(max, lengthMessage, requiredMessage, required)}>
      <Input.TextArea maxLength={max} showCount autoSize={{ minRows: 3 }} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
