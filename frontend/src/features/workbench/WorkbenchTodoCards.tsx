import { CheckSquareOutlined, MessageOutlined, ProfileOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ReminderBoardDialog, useReminderRows, type IssueReminderRow } from '@/features/issue-board';
import { LazyOrderDetailDrawer, MY_TASKS_ROUTE, useMyTaskCounts, useMyTasksTop } from '@/features/orders';
import { LinkButton } from '@/shared/components/LinkButton';
import { useMessages } from '@/shared/i18n';
import { useStageNames, type LineStageNameKey } from '@/shared/orders/stageNames';
import { usePermission } from '@/shared/permission';
import { useRecentOrders, type RecentOrder } from './api';
import { workbenchMessages } from './messages';

/** Rows each card shows. */
const TOP = 5;

/**
 * The workbench's to-do: 我的任务 (open tasks, overdue first), 我的问题 (orders whose issues wait for me) and
 * 最近订单 (the latest orders of my scope), each to those holding its code; a row opens its order or board.
 */
export function WorkbenchTodoCards() {
  const mayTasks = usePermission(['order:work']);
  const mayIssues = usePermission(['order:bbs']);
  const mayOrders = usePermission(['order:list']);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [board, setBoard] = useState<IssueReminderRow | null>(null);
  const cards = [
    mayTasks && <TasksCard key="tasks" onOrder={setOrderId} />,
    mayIssues && <IssuesCard key="issues" onBoard={setBoard} />,
    mayOrders && <RecentOrdersCard key="orders" onOrder={setOrderId} />,
  ].filter(Boolean);
  if (!cards.length) return null;
  return (
    <>
      <Row gutter={[16, 16]} data-testid="workbench-todo">
        {cards.map((card) => (
          <Col key={(card as { key: string }).key} xs={24} xl={8}>
            {card}
          </Col>
        ))}
      </Row>
      <LazyOrderDetailDrawer orderId={orderId} onClose={() => setOrderId(null)} />
      <ReminderBoardDialog row={board} onClose={() => setBoard(null)} />
    </>
  );
}

function TodoCard({
  title,
  icon,
  extra,
  loading,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  extra?: ReactNode;
  loading: boolean;
  testId: string;
  children: ReactNode[];
}) {
  const t = useMessages(workbenchMessages);
  return (
    <Card
      size="small"
      loading={loading}
      data-testid={testId}
      title={
        <Flex gap={8} align="center">
          {icon}
          {title}
        </Flex>
      }
      extra={extra}
      style={{ height: '100%' }}
    >
      {children.length ? (
        <Flex vertical gap={8}>
          {children}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothingToDo')} />
      )}
    </Card>
  );
}

const ONE_LINE = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function TodoRow({ head, text, tail }: { head: ReactNode; text: ReactNode; tail?: ReactNode }) {
  return (
    <Flex gap={8} align="center" justify="space-between">
      <Flex gap={8} align="center" style={{ minWidth: 0 }}>
        {head}
        {/* one line, cut with an ellipsis by CSS: antd's Typography ellipsis brings its TextArea and observers (e2e/bundle-budget.e2e.ts) */}
        <span style={ONE_LINE}>{text}</span>
      </Flex>
      {tail}
    </Flex>
  );
}

function TasksCard({ onOrder }: { onOrder: (orderId: number) => void }) {
  const t = useMessages(workbenchMessages);
  const counts = useMyTaskCounts().data;
  const overdue = useMyTasksTop('overdue', TOP);
  const open = useMyTasksTop('open', TOP);
  const tasks = [...(overdue.data?.items ?? []), ...(open.data?.items ?? [])].slice(0, TOP);
  return (
    <TodoCard
      title={t('myTasks')}
      icon={<CheckSquareOutlined />}
      testId="workbench-tasks"
      loading={overdue.isPending || open.isPending}
      extra={
        <Flex gap={8} align="center">
          {counts?.overdue ? <Tag color="red">{t('overdueCount', { count: counts.overdue })}</Tag> : null}
          <Link to={MY_TASKS_ROUTE} data-testid="workbench-tasks-all">
            {t('viewAll', { count: (counts?.open ?? 0) + (counts?.overdue ?? 0) })}
          </Link>
        </Flex>
      }
    >
      {tasks.map((task) => (
        <TodoRow
          key={task.id}
          head={<LinkButton onClick={() => onOrder(task.orderId)}>{task.orderNo}</LinkButton>}
          text={task.content}
          tail={task.overdue ? <Tag color="red">{t('overdue')}</Tag> : null}
        />
      ))}
    </TodoCard>
  );
}

function IssuesCard({ onBoard }: { onBoard: (row: IssueReminderRow) => void }) {
  const t = useMessages(workbenchMessages);
  const rows = useReminderRows(undefined, 1, true);
  return (
    <TodoCard title={t('myIssues')} icon={<MessageOutlined />} testId="workbench-issues" loading={rows.isPending}>
      {(rows.data?.items ?? []).slice(0, TOP).map((row) => (
        <TodoRow
          key={row.orderId}
          head={<LinkButton onClick={() => onBoard(row)}>{row.orderNo}</LinkButton>}
          text={t('issuesWaiting', { wait: row.waitNum, handle: row.handleNum })}
        />
      ))}
    </TodoCard>
  );
}

function RecentOrdersCard({ onOrder }: { onOrder: (orderId: number) => void }) {
  const t = useMessages(workbenchMessages);
  const stageName = useStageNames();
  const orders = useRecentOrders();
  const state = (order: RecentOrder) => stageName(order.shipType, (order.sideState ? `side_${order.sideState}` : `stage_${order.stage}`) as LineStageNameKey);
  return (
    <TodoCard title={t('recentOrders')} icon={<ProfileOutlined />} testId="workbench-recent-orders" loading={orders.isPending}>
      {(orders.data ?? []).map((order) => (
        <TodoRow
          key={order.id}
          head={<LinkButton onClick={() => onOrder(order.id)}>{order.orderNo}</LinkButton>}
          text={order.customerName ?? ''}
          tail={<Tag>{state(order)}</Tag>}
        />
      ))}
    </TodoCard>
  );
}
