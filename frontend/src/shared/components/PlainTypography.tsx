import { useComponentConfig } from 'antd/es/config-provider/context';
import Typography from 'antd/es/typography/Typography';
import type { CSSProperties, ReactNode } from 'react';

/*
 * antd's Typography.Title and Typography.Text as they draw a plain heading or line of text (no copying,
 * editing or ellipsis): the same element, classes and antd's own typography styles, without the code of
 * those features (its TextArea, Tooltip and resize observers) on the screens that must stay light
 * (e2e/bundle-budget.e2e.ts, the workbench).
 */

export function PlainTitle({ level, style, children }: { level: 1 | 2 | 3 | 4 | 5; style?: CSSProperties; children: ReactNode }) {
  return (
    <Typography component={`h${level}`} style={style}>
      {children}
    </Typography>
  );
}

export function PlainText({ type, children }: { type?: 'secondary' | 'success' | 'warning' | 'danger'; children: ReactNode }) {
  const { getPrefixCls } = useComponentConfig('typography');
  return (
    <Typography component="span" className={type ? `${getPrefixCls('typography')}-${type}` : undefined}>
      {children}
    </Typography>
  );
}
