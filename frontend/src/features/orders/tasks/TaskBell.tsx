import { CheckSquareOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { MY_TASKS_ROUTE, openTotal, useMyTaskCounts } from './api';
import { taskMessages } from './messages';

/**
 * The top bar's task button (我的任务): how many of the user's tasks are open, overdue ones included
 * (kept current by ReceiveOrderTasks); it opens the inbox. Shown to those who take tasks (order:work).
 */
export function TaskBell() {
  return usePermission(['order:work']) ? <Bell /> : null;
}

function Bell() {
  const t = useMessages(taskMessages);
  const navigate = useNavigate();
  const counts = useMyTaskCounts().data;
  const total = openTotal(counts);
  const tip = t('bellTip', { open: counts?.open ?? 0, overdue: counts?.overdue ?? 0 });
  return (
    <Badge count={total || null} size="small" offset={[-4, 4]} color={counts?.overdue ? undefined : 'blue'} data-testid="task-bell-badge">
      <Tooltip title={tip}>
        <Button
          type="text"
          icon={<CheckSquareOutlined />}
          aria-label={tip}
          onClick={() => void navigate(MY_TASKS_ROUTE)}
          data-testid="task-bell"
          data-count={total}
        />
      </Tooltip>
    </Badge>
  );
}
