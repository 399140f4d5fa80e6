import { Card, Flex } from 'antd';
import { Link } from 'react-router';
import { findRouteByName, routeTitle } from '@/shared/routing/routeTree';
import { useSession } from '@/shared/session/store';
import { defineMessages, useLanguage, useMessages } from '@/shared/i18n';
import type { WorkbenchSummary } from './api';
import { cap } from './orderCounts';

const prealertMessages = defineMessages(
  { prealertsWaiting: '{count} 个客户预报待确认', prealertsOfLine: '{line} {count} 个' },
  { prealertsWaiting: '{count} customer pre-alerts waiting to be checked', prealertsOfLine: '{line}: {count}' },
);

/**
 * Pre-alerts customers sent from the portal that their salesman has not opened yet (docs/portal.md): one link
 * per line with some, to that line's 已登记 list filtered to pre-alerts (?fromPortal=1).
 */
export function PrealertsWaiting({ waiting }: { waiting: NonNullable<WorkbenchSummary['prealertsWaiting']> }) {
  const t = useMessages(prealertMessages);
  const language = useLanguage();
  const routes = useSession((state) => state.routes) ?? [];
  const links = Object.entries(waiting.byLine).flatMap(([line, count]) => {
    const screen = findRouteByName(routes, `${cap(line)}Created`);
    const lineRoute = findRouteByName(routes, cap(line));
    return screen && count ? [{ line, count, path: `${screen.path}?fromPortal=1`, title: lineRoute ? routeTitle(lineRoute, language) : line }] : [];
  });
  return (
    <Card size="small" data-testid="workbench-prealerts">
      <Flex wrap gap={12} align="center">
        <strong>{t('prealertsWaiting', { count: waiting.total })}</strong>
        {links.map((link) => (
          <Link key={link.line} to={link.path} data-testid={`prealerts-${link.line}`}>
            {t('prealertsOfLine', { line: link.title, count: link.count })}
          </Link>
        ))}
      </Flex>
    </Card>
  );
}
