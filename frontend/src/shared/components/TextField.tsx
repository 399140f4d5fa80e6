import { Form, Input, type FormRule } from 'antd';
import type { ReactNode } from 'react';

/**
 * The rules of a written text: at most `max` characters; required, and not blank, when it has a required
 * message (and `required` is not false for now).
 */
export function textRules(max: number, lengthMessage: string, requiredMessage?: string, required = true): FormRule[] {
  return [...(requiredMessage ? [{ required, whitespace: true, message: requiredMessage }] : []), { max, message: lengthMessage }];
}

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
    <Form.Item name={name} label={label} extra={extra} rules={textRules(max, lengthMessage, requiredMessage)}>
      <Input maxLength={stopAtMax ? max : undefined} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
