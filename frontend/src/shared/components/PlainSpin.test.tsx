import { render } from '@testing-library/react';
import { Spin } from 'antd';
import { describe, expect, it } from 'vitest';
import { PlainSpin } from './PlainSpin';

describe('the plain spinner', () => {
  it("draws what antd's large Spin draws on its own", () => {
    const antd = render(<Spin size="large" />);
    const expected = antd.container.innerHTML;
    antd.unmount();
    const plain = render(<PlainSpin />);
    expect(plain.container.innerHTML).toBe(expected);
    expect(plain.container.querySelectorAll('.ant-spin-dot-item')).toHaveLength(4);
  });
});
