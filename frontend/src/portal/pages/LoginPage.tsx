import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { PortalError } from '../api/request';
import { portalMessages, type PortalMessageKey } from '../messages';
import { startSession, useSession, type SessionEnd } from '../session';
import { Button, Notice, TextInput } from '../ui/kit';
import { WelcomePage } from '../ui/WelcomePage';
import { checkLogin, hasErrors, type FieldMessages } from './validation';

const ENDED_TEXT: Record<SessionEnd, PortalMessageKey> = {
  signedOut: 'endedSignedOut',
  forcedOff: 'endedForcedOff',
  unbound: 'endedUnbound',
  expired: 'endedExpired',
};

export function LoginPage() {
  const t = useMessages(portalMessages);
  const { token, ended } = useSession();
  const [values, setValues] = useState({ account: '', password: '' });
  const [errors, setErrors] = useState<FieldMessages<'account' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (token) return <Navigate to="/orders" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkLogin(values, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setSending(true);
    setFailure(null);
    try {
      const signedIn = await portalApi.login(values.account.trim(), values.password);
      startSession(signedIn.token);
    } catch (error) {
      setFailure(error instanceof PortalError ? error.message : String(error));
      setSending(false);
    }
  };

  return (
    <WelcomePage title={t('loginTitle')}>
      <p className="pt-lead">{t('loginLead')}</p>
      {ended && <Notice kind={ended === 'signedOut' ? 'info' : 'error'}>{t(ENDED_TEXT[ended])}</Notice>}
      {failure && <Notice kind="error">{failure}</Notice>}
      <form className="pt-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextInput
          label={t('account')}
          placeholder={t('accountPlaceholder')}
          autoComplete="username"
          inputMode="email"
          name="account"
          value={values.account}
          error={errors.account}
          onChange={(event) => setValues({ ...values, account: event.target.value })}
        />
        <TextInput
          label={t('password')}
          placeholder={t('passwordPlaceholder')}
          type="password"
          autoComplete="current-password"
          name="password"
          value={values.password}
          error={errors.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
        <Button type="submit" block disabled={sending} data-testid="portal-login-submit">
          {sending ? t('signingIn') : t('signIn')}
        </Button>
      </form>
      <p className="pt-foot">{t('noAccount')}</p>
    </WelcomePage>
  );
}
