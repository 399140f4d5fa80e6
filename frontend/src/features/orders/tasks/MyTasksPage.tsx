import { SHIP_LINES, MY_TASK_TABS, type MyTaskTab } from '@forwarder/domain';
import { Button, DatePicker, Form, Popconfirm, Select, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LinkButton } from '@/shared/components/LinkButton';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { dayBound, ListPage, usePagedList, useSave } from '@/shared/list';
import { finishTask, type WorkTask } from '../detail/api';
import { formatTime } from '../detail/format';
import { orderDetailMessages } from '../detail/messages';
import { OrderDetailDrawer } from '../OrderDetailDrawer';
import { applyTaskCounts, MY_TASKS_PATH, useMyTaskCounts, type MyTaskFilters } from './api';
import { taskMessages } from './messages';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

/**
 * 我的任务 (/tasks): the tasks given to the signed-in user, by tab — open, overdue, done — with a line and a
 * due window to narrow them; a row opens its order, and its assignee marks it done here.
 */
export function MyTasksPage() {
  const t = useMessages(taskMessages);
  const td = useMessages(orderDetailMessages);
  const language = useLanguage();
  const client = useQueryClient();
  const list = usePagedList<WorkTask, MyTaskFilters>(MY_TASKS_PATH, { tab: 'open' }, 20, { view: 'tab' });
  const counts = useMyTaskCounts().data;
  const [orderId, setOrderId] = useState<number | null>(null);
  const changed = () => applyTaskCounts(client);
  const finish = useSave({ save: finishTask, onSaved: changed, onStale: changed });
  const tab = list.filters.tab;
  const lineName = (shipType: string) => {
    const line = SHIP_LINES.find((l) => l.value === shipType);
    return line ? localized(language, line.text, line.textEn) : shipType;
  };
  const tabTitle = (key: MyTaskTab) => {
    const count = key === 'done' ? undefined : counts?.[key];
    return count === undefined ? t(`tab_${key}`) : t('tabCount', { name: t(`tab_${key}`), count });
  };

  const columns: TableColumnsType<WorkTask> = [
    {
      key: 'orderNo',
      title: t('orderNo'),
      render: (_, task) => (
        <LinkButton onClick={() => setOrderId(task.orderId)} data-testid="my-task-order">
          {task.orderNo}
        </LinkButton>
      ),
    },
    { key: 'line', title: t('line'), render: (_, task) => lineName(task.shipType) },
    {
      key: 'content',
      dataIndex: 'content',
      title: td('taskContent'),
      render: (value: string) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Typography.Text>,
    },
    {
      key: 'dueAt',
      title: td('taskDueAt'),
      render: (_, task) => (
        <Space size={4}>
          {formatTime(task.dueAt) ?? t('noDue')}
          {task.overdue ? <Tag color="red">{td('taskOverdue')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'createdBy', title: td('taskCreatedBy'), render: (_, task) => `${task.createdByName ?? ''} ${formatTime(task.createdAt) ?? ''}` },
    ...(tab === 'done' ? [{ key: 'finishedAt', title: t('finishedAt'), render: (_: unknown, task: WorkTask) => formatTime(task.finishedAt) }] : []),
    {
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, task) =>
        task.status === 'open' ? (
          <Popconfirm title={td('taskFinishConfirm')} onConfirm={awaitedByAntd(() => finish.mutateAsync(task).catch(() => undefined))}>
            <Button type="link" size="small" data-testid="my-task-finish">
              {td('taskFinish')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<WorkTask, MyTaskFilters>
        list={list}
        columns={columns}
        testId="my-tasks"
        exportPath="/order/work/record/mine/export"
        fixedFilters={{ tab }}
        toolbar={
          <Tabs
            activeKey={tab}
            onChange={(key) => list.search({ ...list.filters, tab: key as MyTaskTab })}
            items={MY_TASK_TABS.map((key) => ({ key, label: <span data-testid={`my-tasks-tab-${key}`}>{tabTitle(key)}</span> }))}
            style={{ marginBottom: -12 }}
          />
        }
        searchFields={
          <>
            <Form.Item name="shipType" label={t('line')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={SHIP_LINES.map((line) => ({ value: line.value, label: localized(language, line.text, line.textEn) }))}
              />
            </Form.Item>
            <Form.Item name="dueFrom" label={t('dueFrom')} {...dayBound('start')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="dueTo" label={t('dueTo')} {...dayBound('end')}>
              <DatePicker />
            </Form.Item>
          </>
        }
      />
      <OrderDetailDrawer orderId={orderId} onClose={() => setOrderId(null)} onChanged={changed} />
    </>
  );
}
