import { PlusOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@forwarder/domain';
import { Button, Form, Input, Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { Permission } from '@/shared/permission';

/** A text filter of a list's search form: cleared with one click, at most `max` characters. */
export function SearchText({
  name,
  label,
  max,
  placeholder,
  width,
  testId,
}: {
  name: string;
  label?: string;
  max: number;
  placeholder?: string;
  width?: number;
  testId?: string;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear maxLength={max} placeholder={placeholder} style={width === undefined ? undefined : { width }} data-testid={testId} />
    </Form.Item>
  );
}

/** An action of a list's row: a small link. */
export function RowAction({ onClick, icon, testId, children }: { onClick: () => void; icon?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Button type="link" size="small" icon={icon} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/**
 * A list's 操作 column: the row's actions (links, confirmations) side by side; a row with none (nothing, or an
 * empty list) shows `empty`. `fixed` keeps it in view on a list wide enough to scroll sideways; `wrap` lets the
 * actions break over lines in a narrow one.
 */
export function actionsColumn<T>(
  title: ReactNode,
  actions: (row: T) => ReactNode,
  { fixed, wrap, empty = null, width }: { fixed?: 'right'; wrap?: boolean; empty?: ReactNode; width?: number } = {},
): TableColumnType<T> {
  return {
    key: 'actions',
    title,
    fixed,
    width,
    render: (_, row) => {
      const shown = actions(row);
      if (shown == null || shown === false || (Array.isArray(shown) && !shown.length)) return empty;
      return (
        <Space size={0} wrap={wrap}>
          {shown}
        </Space>
      );
    },
  };
}

/** A list's add button, there only for holders of `permission`. */
export function AddButton({ permission, onClick, testId, children }: { permission: PermissionCode; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Permission check={[permission]}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Permission>
  );
}
