import { useQuery } from '@tanstack/react-query';
import { useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { useLiveState } from '../live/liveState';
import { portalMessages } from '../messages';
import { endSession } from '../session';
import { Button, Card, Loading, NavBar } from '../ui/kit';
import { LanguageToggle } from '../ui/LanguageToggle';

/** Who is signed in for which company, the language, signing out. */
export function AccountPage() {
  const t = useMessages(portalMessages);
  const me = useQuery({ queryKey: ['portal', 'me'], queryFn: portalApi.me });
  const live = useLiveState();

  const signOut = async () => {
    // the session ends here whatever the server answers (it may already have ended it)
    await portalApi.logout().catch(() => null);
    endSession('signedOut');
  };

  return (
    <>
      <NavBar title={t('accountTitle')} />
      <div className="pt-body">
        {me.isLoading && <Loading text={t('loading')} />}
        {me.data && (
          <section className="pt-hero pt-hero-me" data-testid="portal-me">
            <div className="pt-avatar" aria-hidden="true">
              {me.data.name.slice(0, 1)}
            </div>
            <div>
              <div className="pt-hero-no">{me.data.name}</div>
              <div className="pt-hero-meta">{me.data.companyName}</div>
            </div>
          </section>
        )}
        <Card>
          <dl className="pt-facts">
            <dt>{t('company')}</dt>
            <dd>
              {me.data?.companyName} {me.data && <span className="pt-muted">({me.data.customerCode})</span>}
            </dd>
            <dt>{t('loginAccount')}</dt>
            <dd>{me.data?.account}</dd>
            <dt>{t('language')}</dt>
            <dd>
              <LanguageToggle />
            </dd>
          </dl>
          <p className={live ? 'pt-live pt-live-on' : 'pt-live'}>{live ? t('live') : t('offline')}</p>
        </Card>
        <Button kind="danger" block onClick={() => void signOut()} data-testid="portal-sign-out">
          {t('signOut')}
        </Button>
      </div>
    </>
  );
}
