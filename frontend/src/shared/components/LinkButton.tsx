import { Button, type ButtonProps } from 'antd';

/** A link in a table cell that opens something (an order's detail, a record): a small link button flush with the text. */
export function LinkButton(props: Omit<ButtonProps, 'type' | 'size'>) {
  return <Button type="link" size="small" style={{ padding: 0 }} {...props} />;
}
