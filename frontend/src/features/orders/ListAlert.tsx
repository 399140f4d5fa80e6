import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** An alert above a dialog's form that lists what stands in the way, one line an order (nothing when empty). */
export function ListAlert({
  type,
  title,
  items,
  testId,
}: {
  type: 'error' | 'warning';
  title: ReactNode;
  items: { key: string; text: ReactNode }[];
  testId?: string;
}) {
  if (!items.length) return null;
  return (
    <Alert
      type={type}
      showIcon
      style={{ marginBottom: 16 }}
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid={testId}>
          {items.map((item) => (
            <li key={item.key}>{item.text}</li>
          ))}
        </ul>
      }
    />
  );
}
