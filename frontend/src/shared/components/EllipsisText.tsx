import { useComponentConfig } from 'antd/es/config-provider/context';
import Typography from 'antd/es/typography/Typography';
import type { ReactNode } from 'react';

/**
 * Text cut with an ellipsis after `rows` lines (one by default) at `maxWidth`, the whole text in the browser's
 * own tooltip (`title`): antd's ellipsis classes and styles, without its measuring copy, resize observer and
 * Tooltip per element — a table of twenty rows drew forty of those before its first frame.
 */
export function EllipsisText({
  type,
  rows = 1,
  maxWidth,
  title,
  children,
}: {
  type?: 'secondary';
  rows?: number;
  maxWidth: number;
  title?: string | null;
  children: ReactNode;
}) {
  const { getPrefixCls } = useComponentConfig('typography');
  const prefix = getPrefixCls('typography');
  const classes = [`${prefix}-ellipsis`, rows === 1 ? `${prefix}-ellipsis-single-line` : `${prefix}-ellipsis-multiple-line`];
  if (type) classes.push(`${prefix}-${type}`);
  return (
    <Typography
      component={rows === 1 ? 'span' : 'div'}
      className={classes.join(' ')}
      style={{ maxWidth, margin: 0, ...(rows === 1 ? {} : { WebkitLineClamp: rows }) }}
      title={title ?? undefined}
    >
      {children}
    </Typography>
  );
}
