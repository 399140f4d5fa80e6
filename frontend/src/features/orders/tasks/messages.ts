import { TASK_DUE_WORDS } from '@forwarder/domain';
import { defineMessages } from '@/shared/i18n';

export const taskMessages = defineMessages(
  {
    myTasks: '我的任务',
    tab_open: '待处理',
    tab_overdue: '已逾期',
    tab_done: '已完成',
    tabCount: '{name} ({count})',
    line: '线路',
    dueFrom: '截止从',
    dueTo: '截止到',
    orderNo: '订单号',
    finishedAt: '完成时间',
    bellTip: '我的任务（待处理 {open}，已逾期 {overdue}）',
    noDue: TASK_DUE_WORDS.none[0],
    viewAll: '查看全部',
    none: '暂无待处理任务',
  },
  {
    myTasks: 'My tasks',
    tab_open: 'Open',
    tab_overdue: 'Overdue',
    tab_done: 'Done',
    tabCount: '{name} ({count})',
    line: 'Line',
    dueFrom: 'Due from',
    dueTo: 'Due to',
    orderNo: 'Order no.',
    finishedAt: 'Finished',
    bellTip: 'My tasks ({open} open, {overdue} overdue)',
    noDue: TASK_DUE_WORDS.none[1],
    viewAll: 'View all',
    none: 'No open tasks',
  },
);
