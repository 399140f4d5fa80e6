import { Col, Form, Input, type ColProps, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { Translate } from '@/shared/i18n';

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

/** The rules of a text the server limits: at most `max` characters; filled in, not blank, when it has a required message (and while `required`). */
export function textRules(max: number, lengthMessage: string, requiredMessage?: string, required = true): FormRule[] {
  return [...(requiredMessage ? [{ required, whitespace: true, message: requiredMessage }] : []), { max, message: lengthMessage }];
}

/** A one-line text field of a form: at most `max` characters, required (not blank) when it has a required message. */
export function TextField({ name, label, max, lengthMessage, requiredMessage, stopAtMax = true, extra, placeholder, testId }: TextFieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra} rules={textRules(max, lengthMessage, requiredMessage)}>
      <Input maxLength={stopAtMax ? max : undefined} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}

const EMAIL_MAX_LENGTH = 100;

/** The `email` field of a form: an address of at most 100 characters, either fault answered by `invalidMessage`. */
export function EmailField({
  label,
  invalidMessage,
  stopAtMax = true,
  testId,
}: Pick<TextFieldProps, 'label' | 'stopAtMax' | 'testId'> & { invalidMessage: string }) {
  return (
    <Form.Item
      name="email"
      label={label}
      rules={[
        { type: 'email', message: invalidMessage },
        { max: EMAIL_MAX_LENGTH, message: invalidMessage },
      ]}
    >
      <Input maxLength={stopAtMax ? EMAIL_MAX_LENGTH : undefined} data-testid={testId} />
    </Form.Item>
  );
}

/** The field's name is its label's message key, unless it names another. */
type Labelled<K extends string> = { name: K; label?: never } | { name: string; label: K };

/**
 * A text field as data, its texts keys of the form's messages: `length` when too long, `required` when it
 * must be filled in, `extra` the hint under it.
 */
export type TextFieldSpec<K extends string> = Labelled<K> & {
  max: number;
  length: K;
  required?: K;
  extra?: K;
  placeholder?: K;
  stopAtMax?: boolean;
  testId?: string;
  /** its column in the form's Row, when not the one `TextFields` gives them all */
  col?: ColProps;
};

/** The text fields of a form's table, in its order, their texts from `t`; each in a column of a Row when given one. */
export function TextFields<K extends string>({ fields, t, col }: { fields: readonly TextFieldSpec<K>[]; t: Translate<K>; col?: ColProps }) {
  return fields.map((field) => {
    const { name, max, stopAtMax, testId } = field;
    const text = (key: K | undefined) => (key ? t(key) : undefined);
    const input = (
      <TextField
        key={name}
        name={name}
        label={t(field.label ?? (name as K))}
        max={max}
        lengthMessage={t(field.length)}
        requiredMessage={text(field.required)}
        stopAtMax={stopAtMax}
        extra={text(field.extra)}
        placeholder={text(field.placeholder)}
        testId={testId}
      />
    );
    const column = field.col ?? col;
    return column ? (
      <Col key={name} {...column}>
        {input}
      </Col>
    ) : (
      input
    );
  });
}
