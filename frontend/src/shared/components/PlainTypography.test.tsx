import { render } from '@testing-library/react';
import { Typography } from 'antd';
import { describe, expect, it } from 'vitest';
import { EllipsisText } from './EllipsisText';
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

  it('cuts a line or two with antd’s ellipsis classes and shows the whole text in the title, without a tooltip', () => {
    const { container } = render(
      <div>
        <EllipsisText maxWidth={120} title="C001 Shenzhen Example Trading Co.">
          C001 Shenzhen Example Trading Co.
        </EllipsisText>
        <EllipsisText rows={2} maxWidth={240} type="secondary" title={null}>
          ----
        </EllipsisText>
      </div>,
    );
    const [line, paragraph] = Array.from(container.firstElementChild!.children) as HTMLElement[];
    expect(line.tagName).toBe('SPAN');
    expect(line.className).toMatch(/^ant-typography ant-typography-ellipsis ant-typography-ellipsis-single-line\b/);
    expect(line.title).toBe('C001 Shenzhen Example Trading Co.');
    expect(line.style.maxWidth).toBe('120px');
    expect(paragraph.className).toContain('ant-typography-ellipsis-multiple-line');
    expect(paragraph.className).toContain('ant-typography-secondary');
    expect(paragraph.style.getPropertyValue('-webkit-line-clamp')).toBe('2');
    expect(paragraph.hasAttribute('title')).toBe(false);
    expect(container.querySelector('[aria-hidden]')).toBeNull();
  });
});
