import { render } from '@testing-library/react';
import { Typography } from 'antd';
import { describe, expect, it } from 'vitest';
import { PlainText, PlainTitle } from './PlainTypography';

describe('the plain typography', () => {
  it("draws a heading and a secondary line as antd's Title and Text draw them", () => {
    const antd = render(
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Good morning
        </Typography.Title>
        <Typography.Text type="secondary">Welcome</Typography.Text>
      </div>,
    );
    const expected = antd.container.innerHTML;
    antd.unmount();
    const plain = render(
      <div>
        <PlainTitle level={4} style={{ margin: 0 }}>
          Good morning
        </PlainTitle>
        <PlainText type="secondary">Welcome</PlainText>
      </div>,
    );
    expect(plain.container.innerHTML).toBe(expected);
    expect(plain.container.querySelector('h4')?.textContent).toBe('Good morning');
  });
});
