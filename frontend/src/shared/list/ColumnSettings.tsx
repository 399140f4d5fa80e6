import { ArrowDownOutlined, ArrowUpOutlined, PushpinOutlined, SettingOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { useMessages } from '@/shared/i18n';
import { move, type ArrangedColumn, type Pin } from './listSettings';
import { listMessages } from './messages';

/**
 * 列设置 of a list's toolbar: each column shown or hidden, moved up or down, pinned left or right; 重置 goes
 * back to the list's default. `onChange` gets the whole new arrangement (the list saves it for the user).
 */
export function ColumnSettings({
  columns,
  onChange,
  onReset,
}: {
  columns: ArrangedColumn[];
  onChange: (columns: ArrangedColumn[]) => void;
  onReset: () => void;
}) {
  const t = useMessages(listMessages);
  const set = (index: number, change: Partial<ArrangedColumn>) => onChange(columns.map((column, i) => (i === index ? { ...column, ...change } : column)));
  const pin = (index: number, side: Pin) => set(index, { fixed: columns[index].fixed === side ? undefined : side });
  const shown = columns.filter((column) => !column.hidden).length;
  const content = (
    <Flex vertical gap={2} style={{ maxHeight: 420, overflowY: 'auto', minWidth: 300 }} data-testid="list-column-settings">
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Checkbox
          checked={shown === columns.length}
          indeterminate={shown > 0 && shown < columns.length}
          onChange={(event) => onChange(columns.map((column) => ({ ...column, hidden: !event.target.checked })))}
        >
          {t('columnsAll')}
        </Checkbox>
        <Button type="link" size="small" onClick={onReset} data-testid="list-columns-reset">
          {t('reset')}
        </Button>
      </Flex>
      {columns.map((column, index) => (
        <Flex key={column.key} justify="space-between" align="center" gap={8} data-testid={`list-column-${column.key}`}>
          <Checkbox checked={!column.hidden} onChange={(event) => set(index, { hidden: !event.target.checked })} data-testid={`list-column-show-${column.key}`}>
            <Typography.Text ellipsis style={{ maxWidth: 150 }}>
              {column.title}
            </Typography.Text>
            {column.fixed ? <PushpinOutlined style={{ marginLeft: 4, color: '#8c8c8c' }} /> : null}
          </Checkbox>
          <Flex gap={0}>
            <Tooltip title={t('moveUp')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => onChange(move(columns, index, -1))}
                aria-label={`${t('moveUp')} ${column.title}`}
              />
            </Tooltip>
            <Tooltip title={t('moveDown')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === columns.length - 1}
                onClick={() => onChange(move(columns, index, 1))}
                aria-label={`${t('moveDown')} ${column.title}`}
              />
            </Tooltip>
            <Tooltip title={column.fixed === 'left' ? t('unpin') : t('pinLeft')}>
              <Button
                type={column.fixed === 'left' ? 'link' : 'text'}
                size="small"
                icon={<VerticalRightOutlined />}
                onClick={() => pin(index, 'left')}
                aria-label={`${t('pinLeft')} ${column.title}`}
                aria-pressed={column.fixed === 'left'}
              />
            </Tooltip>
            <Tooltip title={column.fixed === 'right' ? t('unpin') : t('pinRight')}>
              <Button
                type={column.fixed === 'right' ? 'link' : 'text'}
                size="small"
                icon={<VerticalLeftOutlined />}
                onClick={() => pin(index, 'right')}
                aria-label={`${t('pinRight')} ${column.title}`}
                aria-pressed={column.fixed === 'right'}
              />
            </Tooltip>
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columnSettings')} content={content}>
      <Tooltip title={t('columnSettings')}>
        <Button icon={<SettingOutlined />} aria-label={t('columnSettings')} data-testid="list-columns-button" />
      </Tooltip>
    </Popover>
  );
}
