import { Navigate } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { portalMessages, type PortalMessageKey } from '../messages';
import { startSession, useSession, type SessionEnd } from '../session';
import { Button, Notice, TextInput } from '../ui/kit';
import { WelcomePage } from '../ui/WelcomePage';
import { usePortalSubmit } from './usePortalSubmit';
import { checkLogin } from './validation';

const ENDED_TEXT: Record<SessionEnd, PortalMessageKey> = {
  signedOut: 'endedSignedOut',
  forcedOff: 'endedForcedOff',
  unbound: 'endedUnbound',
  expired: 'endedExpired',
};

export function LoginPage() {
  const t = useMessages(portalMessages);
  const { token, ended } = useSession();
  const form = usePortalSubmit({
    initial: { account: '', password: '' },
    check: checkLogin,
    send: (values) => portalApi.login(values.account.trim(), values.password),
    // the session's token sends this page on to the orders
    done: (signedIn) => startSession(signedIn.token),
  });
  if (token) return <Navigate to="/orders" replace />;

  return (
    <WelcomePage title={t('loginTitle')}>
      <p className="pt-lead">{t('loginLead')}</p>
      {ended && <Notice kind={ended === 'signedOut' ? 'info' : 'error'}>{t(ENDED_TEXT[ended])}</Notice>}
      {form.failure && <Notice kind="error">{form.failure}</Notice>}
      <form className="pt-form" noValidate onSubmit={form.submit}>
        <TextInput label={t('account')} placeholder={t('accountPlaceholder')} autoComplete="username" inputMode="email" {...form.field('account')} />
        <TextInput label={t('password')} placeholder={t('passwordPlaceholder')} type="password" autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" block disabled={form.sending} data-testid="portal-login-submit">
          {form.sending ? t('signingIn') : t('signIn')}
        </Button>
      </form>
      <p className="pt-foot">{t('noAccount')}</p>
    </WelcomePage>
  );
}
