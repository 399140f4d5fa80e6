import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { shortTime } from '../format';
import { portalMessages } from '../messages';
import { startSession } from '../session';
import { Button, Card, Loading, Notice, TextInput } from '../ui/kit';
import { WelcomePage } from '../ui/WelcomePage';
import { usePortalSubmit } from './usePortalSubmit';
import { checkBind } from './validation';

/**
 * `/m/bind?code=…`, where the salesman's binding QR leads: the company the code belongs to (the preview does
 * not use the code up), then the customer's name, sign-in account and password; binding uses the code and
 * signs in at once.
 */
export function BindPage() {
  const t = useMessages(portalMessages);
  const navigate = useNavigate();
  const code = useSearchParams()[0].get('code')?.trim() ?? '';
  const preview = useQuery({ queryKey: ['portal', 'bind', code], queryFn: () => portalApi.bindPreview(code), enabled: code !== '', retry: false });
  const form = usePortalSubmit({
    initial: { name: '', account: '', password: '', passwordAgain: '' },
    check: checkBind,
    send: (values) => portalApi.bind({ bindCode: code, name: values.name.trim(), account: values.account.trim(), password: values.password }),
    done: async (signedIn) => {
      startSession(signedIn.token);
      await navigate('/orders', { replace: true });
    },
  });

  return (
    <WelcomePage title={t('bindTitle')}>
      {!code && <Notice kind="error">{t('bindNoCode')}</Notice>}
      {preview.isLoading && <Loading text={t('loading')} />}
      {preview.error && <Notice kind="error">{preview.error.message}</Notice>}
      {preview.data && (
        <>
          <p className="pt-lead">{t('bindLead')}</p>
          <Card>
            <dl className="pt-facts" data-testid="portal-bind-company">
              <dt>{t('bindCompany')}</dt>
              <dd className="pt-strong">{preview.data.companyName}</dd>
              <dt>{t('bindCustomerCode')}</dt>
              <dd>{preview.data.customerCode}</dd>
            </dl>
            <p className="pt-muted">{t('bindExpires', { time: shortTime(preview.data.expiresAt) })}</p>
          </Card>
          {form.failure && <Notice kind="error">{form.failure}</Notice>}
          <form className="pt-form" noValidate onSubmit={form.submit}>
            <TextInput label={t('bindName')} placeholder={t('bindNamePlaceholder')} autoComplete="name" {...form.field('name')} />
            <TextInput label={t('account')} placeholder={t('accountPlaceholder')} autoComplete="username" inputMode="email" {...form.field('account')} />
            <TextInput label={t('password')} hint={t('passwordHint')} type="password" autoComplete="new-password" {...form.field('password')} />
            <TextInput label={t('passwordAgain')} type="password" autoComplete="new-password" {...form.field('passwordAgain')} />
            <Button type="submit" block disabled={form.sending} data-testid="portal-bind-submit">
              {form.sending ? t('binding') : t('bindSubmit')}
            </Button>
          </form>
        </>
      )}
      <p className="pt-foot">
        <Link to="/login">{t('haveAccount')}</Link>
      </p>
    </WelcomePage>
  );
}
