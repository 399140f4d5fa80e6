import { Button, DatePicker, Flex, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSession } from '@/shared/session/store';
import { useMessages } from '@/shared/i18n';
import { ListPage, usePagedList, useSave } from '@/shared/list';
import { addTask, deleteTask, finishTask, useOrderTasks, useTaskAssignees, WORK_LOG_PATH, type OrderDetail, type WorkLogEntry, type WorkTask } from './api';
import { formatTime } from './format';
import { FormDialog } from './FormDialog';
import { orderDetailMessages } from './messages';
import { useStageNames } from '@/shared/orders/stageNames';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

/** The order's tasks (add, finish by the assignee or creator, delete by the creator) and its work log, newest first. */
export function OrderWorkTab({ order }: { order: OrderDetail }) {
  const t = useMessages(orderDetailMessages);
  return (
    <Flex vertical gap={16}>
      <OrderTasks order={order} />
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('workLogTitle')}
        </Typography.Title>
        <WorkLog orderId={order.id} shipType={order.shipType} />
      </Flex>
    </Flex>
  );
}

function OrderTasks({ order }: { order: OrderDetail }) {
  const t = useMessages(orderDetailMessages);
  const me = Number(useSession((state) => state.userId));
  const tasks = useOrderTasks(order.id);
  const [adding, setAdding] = useState(false);
  const reload = () => void tasks.refetch();
  const finish = useSave({ save: finishTask, onSaved: reload, onStale: reload });
  const remove = useSave({ save: deleteTask, onSaved: reload, onStale: reload });
  const columns: TableColumnsType<WorkTask> = [
    {
      key: 'content',
      dataIndex: 'content',
      title: t('taskContent'),
      render: (value: string) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Typography.Text>,
    },
    { key: 'assignee', dataIndex: 'assigneeName', title: t('taskAssignee') },
    { key: 'dueAt', dataIndex: 'dueAt', title: t('taskDueAt'), render: (value: string | null) => formatTime(value) ?? t('empty') },
    {
      key: 'status',
      title: t('taskStatus'),
      render: (_, task) => (
        <Space size={4}>
          <Tag color={task.status === 'finished' ? 'green' : 'blue'}>{t(`task_${task.status}`)}</Tag>
          {task.overdue ? <Tag color="red">{t('taskOverdue')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'createdBy', title: t('taskCreatedBy'), render: (_, task) => `${task.createdByName ?? ''} ${formatTime(task.createdAt)}` },
    {
      key: 'actions',
      width: 140,
      render: (_, task) =>
        task.status === 'open' ? (
          <Space size={0}>
            {task.assigneeId === me || task.createdBy === me ? (
              <Popconfirm title={t('taskFinishConfirm')} onConfirm={awaitedByAntd(() => finish.mutateAsync(task).catch(() => undefined))}>
                <Button type="link" size="small">
                  {t('taskFinish')}
                </Button>
              </Popconfirm>
            ) : null}
            {task.createdBy === me ? (
              <Popconfirm title={t('deleteConfirm')} onConfirm={awaitedByAntd(() => remove.mutateAsync(task.id).catch(() => undefined))}>
                <Button type="link" size="small" danger>
                  {t('delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null,
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('tasksTitle')}
        </Typography.Title>
        <Button type="primary" onClick={() => setAdding(true)} data-testid="task-add">
          {t('taskAdd')}
        </Button>
      </Flex>
      <Table<WorkTask>
        size="small"
        rowKey="id"
        loading={tasks.isPending}
        columns={columns}
        dataSource={tasks.data ?? []}
        pagination={false}
        data-testid="order-tasks"
      />
      {adding ? (
        <TaskDialog
          orderId={order.id}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            reload();
          }}
        />
      ) : null}
    </Flex>
  );
}

interface TaskValues {
  assigneeId: number;
  content: string;
  dueAt?: Dayjs | null;
}

export function TaskDialog({ orderId, onClose, onSaved }: { orderId: number; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(orderDetailMessages);
  const [form] = Form.useForm<TaskValues>();
  // only staff who can take the task are offered (the server refuses anyone else)
  const assignees = useTaskAssignees(orderId);
  const save = useSave({
    save: (values: TaskValues) => addTask({ orderId, assigneeId: values.assigneeId, content: values.content.trim(), dueAt: values.dueAt?.toISOString() }),
    form,
    onSaved,
  });
  return (
    <FormDialog<TaskValues> title={t('taskAdd')} width={400} form={form} save={save} onClose={onClose}>
      <Form.Item name="assigneeId" label={t('taskAssignee')} rules={[{ required: true, message: t('taskAssigneeRequired') }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={assignees.isLoading}
          options={(assignees.data ?? []).map((user) => ({ value: user.id, label: `${user.fullName}（${user.account}）` }))}
          data-testid="task-assignee"
        />
      </Form.Item>
      <Form.Item name="content" label={t('taskContent')} rules={[{ required: true, whitespace: true, message: t('taskContentRequired') }, { max: 500 }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="dueAt" label={t('taskDueAt')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

function WorkLog({ orderId, shipType }: { orderId: number; shipType: string }) {
  const t = useMessages(orderDetailMessages);
  const stageNameOf = useStageNames();
  const list = usePagedList<WorkLogEntry, { orderId: number }>(WORK_LOG_PATH, { orderId }, 10);
  const stage = (value: string) => stageNameOf(shipType, `stage_${value}` as 'stage_created');
  // an action this screen does not know yet shows its code
  const actionName = (action: string) => (`action_${action}` in orderDetailMessages.zh ? t(`action_${action}` as 'action_create') : action);
  const columns: TableColumnsType<WorkLogEntry> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('workTime'), width: 150, render: formatTime },
    { key: 'action', dataIndex: 'action', title: t('workAction'), width: 130, render: (action: string) => actionName(action) },
    {
      key: 'stages',
      title: t('workStages'),
      render: (_, entry) => (entry.fromStage === entry.toStage ? stage(entry.toStage) : `${stage(entry.fromStage)} → ${stage(entry.toStage)}`),
    },
    { key: 'user', dataIndex: 'userName', title: t('workUser'), width: 100 },
    { key: 'reason', title: t('workReason'), render: (_, entry) => [entry.reason, entry.remark].filter(Boolean).join(' / ') || t('empty') },
  ];
  return <ListPage list={list} columns={columns} testId="order-work-log" exportPath="/order/work/list/export" />;
}
