import { Typography } from 'antd';
/** A request id in a cell: monospace, and copyable (it is what a user and an administrator exchange). */
export function RequestIdText({ id }: { id: string | null }) {
  return id ? (
    <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {id}
    </Typography.Text>
  ) : null;
}
