import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

interface TextFieldProps {
  name: string;
  label: ReactNode;
  /** the most characters the server takes */
  max: number;
  lengthMessage: string;
  /** the field is required, and not blank, when given */
  requiredMessage?: string;
  /** the box stops taking characters at `max`; false lets one type on and the length rule say so */
  stopAtMax?: boolean;
  extra?: ReactNode;
  placeholder?: string;
  testId?: string;
}

/** A one-line text field of a form: at most `max` characters, required (not blank) when it has a required message. */
export function TextField({ name, label, max, lengthMessage, requiredMessage, stopAtMax = true, extra, placeholder, testId }: TextFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[...(requiredMessage ? [{ required: true, whitespace: true, message: requiredMessage }] : []), { max, message: lengthMessage }]}
    >
      <Input maxLength={stopAtMax ? max : undefined} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
