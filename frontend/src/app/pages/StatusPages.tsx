import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/shared/routing/paths';
import { appMessages } from '@/app/messages';
import { usePageTitle } from '@/shared/session/usePageTitle';
import { useMessages } from '@/shared/i18n';

function BackHome() {
  const t = useMessages(appMessages);
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
      {t('backHome')}
    </Button>
  );
}

export function ForbiddenPage() {
  const t = useMessages(appMessages);
  usePageTitle(t('forbiddenTitle'));
  return <Result status="403" title="403" subTitle={t('forbidden')} extra={<BackHome />} />;
}

export function NotFoundPage() {
  const t = useMessages(appMessages);
  usePageTitle(t('notFoundTitle'));
  return <Result status="404" title="404" subTitle={t('notFound')} extra={<BackHome />} />;
}

/** A route that failed to load (its chunk, or an unexpected error in a guard); the ErrorBoundary that caught it has logged it. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useMessages(appMessages);
  return (
    <Result
      status="error"
      title={t('pageFailed')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      }
    />
  );
}
