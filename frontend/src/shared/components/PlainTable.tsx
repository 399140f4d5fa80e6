import { Spin } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useStyle from 'antd/es/table/style';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

export interface PlainColumn<Row> {
  key: string;
  title: ReactNode;
  align?: 'left' | 'center' | 'right';
  render: (row: Row) => ReactNode;
}

interface PlainTableProps<Row> {
  columns: PlainColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** the first column stays in place while the others scroll sideways */
  fixFirstColumn?: boolean;
}

/** Which of the shadows the fixed column and the scroll area cast: as antd's Table shows them. */
function useScrollShadows() {
  const ref = useRef<HTMLDivElement>(null);
  // the table's shadows (start, end) and the fixed cells' (startCell), each on antd's own threshold
  const [shadows, setShadows] = useState({ start: false, end: false, startCell: false });
  useEffect(() => {
    const content = ref.current;
    if (!content) return;
    const measure = () => {
      const { scrollLeft, scrollWidth, clientWidth } = content;
      const scrolled = Math.abs(scrollLeft);
      const next =
        scrollWidth === clientWidth
          ? { start: false, end: false, startCell: scrolled >= 1 }
          : { start: scrolled > 0, end: scrolled < scrollWidth - clientWidth - 1, startCell: scrolled >= 1 };
      setShadows((current) => (current.start === next.start && current.end === next.end && current.startCell === next.startCell ? current : next));
    };
    measure();
    content.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => {
      content.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return { ref, shadows };
}

/**
 * A small read-only table drawn exactly as antd's `<Table size="small" pagination={false}
 * scroll={{ x: 'max-content' }}>` draws it (its elements, classes and antd's own table styles), without
 * the Table's code: that brings Pagination, Select, Dropdown, Tree, Checkbox and Radio for the paging,
 * filters and selection such a table never has (e2e/bundle-budget.e2e.ts, the workbench).
 */
export function PlainTable<Row>({ columns, rows, rowKey, fixFirstColumn = false }: PlainTableProps<Row>) {
  const { getPrefixCls, direction } = useComponentConfig('table');
  const prefixCls = getPrefixCls('table');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const { ref, shadows } = useScrollShadows();
  const [hovered, setHovered] = useState<string | null>(null);
  const cell = `${prefixCls}-cell`;

  const fixed = (index: number) => fixFirstColumn && index === 0;
  // the first column's place and stacking, as antd's Table computes them for a fixed start column
  const fixedStyle = { insetInlineStart: 0, '--z-offset': columns.length * 2, '--z-offset-reverse': columns.length } as CSSProperties;
  const cellProps = (column: PlainColumn<Row>, index: number, hover = false) => ({
    className: [
      cell,
      fixed(index) && `${cell}-fix ${cell}-fix-start ${cell}-fix-start-shadow`,
      fixed(index) && shadows.startCell && `${cell}-fix-start-shadow-show`,
      hover && `${cell}-row-hover`,
    ]
      .filter(Boolean)
      .join(' '),
    style: { ...(fixed(index) ? fixedStyle : {}), ...(column.align ? { textAlign: column.align } : {}) },
  });

  const tableClass = [
    prefixCls,
    `${prefixCls}-small`,
    cssVarCls,
    rootCls,
    hashId,
    `${prefixCls}-fix-start-shadow`,
    `${prefixCls}-fix-end-shadow`,
    shadows.start && `${prefixCls}-fix-start-shadow-show`,
    shadows.end && `${prefixCls}-fix-end-shadow-show`,
    fixFirstColumn && `${prefixCls}-fixed-column`,
    `${prefixCls}-scroll-horizontal`,
    fixFirstColumn && `${prefixCls}-has-fix-start`,
    direction === 'rtl' && `${prefixCls}-rtl`,
  ];
  return (
    <div className={[cssVarCls, rootCls, `${prefixCls}-wrapper`, direction === 'rtl' && `${prefixCls}-wrapper-rtl`, hashId].filter(Boolean).join(' ')}>
      <Spin spinning={false}>
        <div className={tableClass.filter(Boolean).join(' ')}>
          <div className={`${prefixCls}-container`}>
            <div ref={ref} className={`${prefixCls}-content`} style={{ overflowX: 'auto', overflowY: 'hidden' }}>
              <table style={{ width: 'max-content', minWidth: '100%', tableLayout: 'auto' }}>
                <thead className={`${prefixCls}-thead`}>
                  <tr>
                    {columns.map((column, index) => (
                      <th key={column.key} scope="col" {...cellProps(column, index)}>
                        {column.title}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={`${prefixCls}-tbody`}>
                  {/* antd's measuring row: each column at least as wide as its title in bold */}
                  <tr aria-hidden="true" className={`${prefixCls}-measure-row`} style={{ height: 0 }}>
                    {columns.map((column) => (
                      <td key={column.key} style={{ paddingTop: 0, paddingBottom: 0, borderTop: 0, borderBottom: 0, height: 0 }}>
                        <div style={{ height: 0, overflow: 'hidden', fontWeight: 'bold' }}>{column.title}</div>
                      </td>
                    ))}
                  </tr>
                  {rows.map((row) => {
                    const key = rowKey(row);
                    return (
                      <tr
                        key={key}
                        className={`${prefixCls}-row ${prefixCls}-row-level-0`}
                        data-row-key={key}
                        onMouseEnter={() => setHovered(key)}
                        onMouseLeave={() => setHovered((current) => (current === key ? null : current))}
                      >
                        {columns.map((column, index) => (
                          <td key={column.key} {...cellProps(column, index, hovered === key)}>
                            {column.render(row)}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      </Spin>
    </div>
  );
}
