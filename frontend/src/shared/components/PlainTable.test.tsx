import { render } from '@/test/render';
import { fireEvent, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { PlainTable, type PlainColumn } from './PlainTable';

interface Row {
  line: string;
  count: number;
}

const rows: Row[] = [
  { line: 'air', count: 3 },
  { line: 'sea', count: 0 },
];
const columns: PlainColumn<Row>[] = [
  { key: 'line', title: 'Line', render: (row) => row.line },
  { key: 'count', title: 'Count', align: 'right', render: (row) => <b>{row.count}</b> },
];

/** The table's elements with their attributes (classes sorted), without the CSS-in-JS hash (generated per render). */
function shape(node: Element): string {
  const attributes = [...node.attributes]
    .map(({ name, value }) =>
      name === 'class'
        ? `class="${value
            .split(' ')
            .filter((c) => (c && !c.startsWith('css-')) || c === 'css-var-root')
            .sort()
            .join(' ')}"`
        : `${name}="${value}"`,
    )
    .sort();
  const children = [...node.childNodes].map((child) => (child instanceof Element ? shape(child) : child.textContent)).join('');
  return `<${node.localName} ${attributes.join(' ')}>${children}</${node.localName}>`;
}

const tableOf = (container: HTMLElement) => shape(container.querySelector('.ant-table-wrapper')!);

describe('the plain table', () => {
  it("draws what antd's small table without paging draws, with its first column fixed", () => {
    const antd = render(
      <Table<Row>
        rowKey="line"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          { key: 'line', title: 'Line', fixed: 'left', render: (_, row) => row.line },
          { key: 'count', title: 'Count', align: 'right', render: (_, row) => <b>{row.count}</b> },
        ]}
      />,
    );
    const expected = tableOf(antd.container);
    antd.unmount();
    const plain = render(<PlainTable<Row> rows={rows} rowKey={(row) => row.line} columns={columns} fixFirstColumn />);
    expect(tableOf(plain.container)).toBe(expected);
  });

  it('marks the row under the pointer, as antd does for the fixed cells to follow', () => {
    render(<PlainTable<Row> rows={rows} rowKey={(row) => row.line} columns={columns} fixFirstColumn />);
    const cell = screen.getByText('air');
    fireEvent.mouseEnter(cell.closest('tr')!);
    expect(cell.className).toContain('ant-table-cell-row-hover');
    fireEvent.mouseLeave(cell.closest('tr')!);
    expect(cell.className).not.toContain('ant-table-cell-row-hover');
  });
});
