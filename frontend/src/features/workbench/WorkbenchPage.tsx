import { greetingFor } from '@forwarder/domain';
import { MessageOutlined, NotificationOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Flex, Row, Statistic, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/store';
import { useProductTitle } from '@/shared/session/usePageTitle';
import { RoleTags, useUnreadNoticeCount } from '@/features/admin';
import { useReminderCount } from '@/features/issue-board';
import { PlainTable } from '@/shared/components/PlainTable';
import { PlainText, PlainTitle } from '@/shared/components/PlainTypography';
import { greetingMessages } from '@/shared/format/greeting';
import { maskAccount } from '@/shared/format/maskAccount';
import { useLanguage, useMessages } from '@/shared/i18n';
import { useWorkbenchSummary } from './api';
import { LazyWorkbenchCharts } from './LazyWorkbenchCharts';

const PrealertsWaiting = lazy(async () => ({ default: (await import('./PrealertsWaiting')).PrealertsWaiting }));
import { workbenchMessages } from './messages';
import { columnTitle, countRows, COUNT_COLUMNS, type CountRow } from './orderCounts';
import { WorkbenchTodoCards } from './WorkbenchTodoCards';

const EMPTY_VALUE = '----';

/** The home page: who is signed in and with which roles, and the widgets their codes show. */
export function WorkbenchPage() {
  const t = useMessages(workbenchMessages);
  const greeting = useMessages(greetingMessages);
  const productTitle = useProductTitle();
  const username = useSession((state) => state.username);
  const account = useSession((state) => state.account);
  const roles = useSession((state) => state.roles);
  const summaryRoles = useWorkbenchSummary().data?.roles;
  const isSuperAdmin = useSession((state) => state.isSuperAdmin);
  const peerLabel = useSession((state) => state.peerLabel);
  const directLabel = useSession((state) => state.directLabel);

  return (
    <Flex vertical gap={16}>
      <Card data-testid="workbench-welcome">
        <Flex align="center" gap={16}>
          <Avatar size={64} icon={<UserOutlined />} />
          <div>
            <PlainTitle level={4} style={{ margin: 0 }}>
              {t('welcome', { greeting: greeting(greetingFor(new Date().getHours())), name: username })}
            </PlainTitle>
            <PlainText type="secondary">{t('welcomeHint', { title: productTitle })}</PlainText>
          </div>
        </Flex>
      </Card>
      <SummaryCards />
      <PrealertsWaitingPlace />
      <WorkbenchTodoCards />
      <OrderCountsCard />
      <LazyWorkbenchCharts />
      <Card title={t('myAccount')}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'account', label: t('account'), children: account ? maskAccount(account) : EMPTY_VALUE },
            {
              key: 'roles',
              label: t('roles'),
              children: (
                <Flex wrap gap={4} data-testid="workbench-roles">
                  {isSuperAdmin ? <Tag color="gold">{t('superAdmin')}</Tag> : null}
                  {/* the summary names the roles; the session holds only their codes */}
                  <RoleTags roles={summaryRoles ?? []} color="blue" />
                  {!isSuperAdmin && roles.length === 0 ? t('noRoles') : null}
                </Flex>
              ),
            },
            { key: 'peerLabel', label: t('peerLabel'), children: peerLabel || EMPTY_VALUE },
            { key: 'directLabel', label: t('directLabel'), children: directLabel || EMPTY_VALUE },
          ]}
        />
      </Card>
    </Flex>
  );
}

/** The widgets of the summary; each only when the server sent its field (the user holds its code). */
function SummaryCards() {
  const t = useMessages(workbenchMessages);
  const summary = useWorkbenchSummary().data;
  const showsNotices = summary?.unreadNotices !== undefined;
  // The same count as the top bar's bell, so both move together when a notice arrives or is read.
  const unread = useUnreadNoticeCount(showsNotices);
  // the bell's count of order issues, likewise (updated live by ReceiveOrderBbs)
  const showsIssues = summary?.openIssues !== undefined;
  const issues = useReminderCount(showsIssues);
  const cards = [
    showsNotices && { key: 'unread-notices', title: t('unreadNotices'), value: unread.data ?? summary?.unreadNotices, icon: <NotificationOutlined /> },
    summary?.onlineStaff !== undefined && { key: 'online-staff', title: t('onlineStaff'), value: summary.onlineStaff, icon: <TeamOutlined /> },
    showsIssues && { key: 'open-issues', title: t('openIssues'), value: issues.data ?? summary?.openIssues, icon: <MessageOutlined /> },
  ].filter((card) => !!card);
  if (!cards.length) return null;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={6}>
          <Card data-testid={`workbench-${card.key}`}>
            <Statistic title={card.title} value={card.value} prefix={card.icon} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The customers' pre-alerts waiting (docs/portal.md), drawn only while some wait, by a chunk of its own:
 * nothing of it on the workbench's first load (e2e/bundle-budget.e2e.ts).
 */
function PrealertsWaitingPlace() {
  const waiting = useWorkbenchSummary().data?.prealertsWaiting;
  if (!waiting?.total) return null;
  return (
    <Suspense fallback={null}>
      <PrealertsWaiting waiting={waiting} />
    </Suspense>
  );
}

/** Orders per line and stage (index:stageCount), each count linking to the screen that lists them. */
function OrderCountsCard() {
  const t = useMessages(workbenchMessages);
  const language = useLanguage();
  const routes = useSession((state) => state.routes);
  const counts = useWorkbenchSummary().data?.orderCounts;
  if (!counts || !routes) return null;
  const rows = countRows(routes, counts, language);
  if (!rows.length) return null;
  return (
    <Card title={t('orderCounts')} data-testid="workbench-order-counts">
      <PlainTable<CountRow>
        rowKey={(row) => row.line}
        fixFirstColumn
        rows={rows}
        columns={[
          { key: 'line', title: t('line'), render: (row) => row.title },
          ...COUNT_COLUMNS.map((key, index) => ({
            key,
            title: columnTitle(routes, key, language),
            align: 'right' as const,
            render: (row: CountRow) => {
              const cell = row.cells[index];
              return cell.path && cell.count > 0 ? (
                <Link to={cell.path} data-testid={`count-${row.line}-${key}`}>
                  {cell.count}
                </Link>
              ) : (
                <span data-testid={`count-${row.line}-${key}`}>{cell.count}</span>
              );
            },
          })),
        ]}
      />
    </Card>
  );
}
