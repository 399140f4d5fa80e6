import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { portalApi } from '../api/portalApi';
import { PortalError } from '../api/request';
import { shortTime } from '../format';
import { portalMessages } from '../messages';
import { startSession } from '../session';
import { Button, Card, Loading, Notice, TextInput } from '../ui/kit';
import { WelcomePage } from '../ui/WelcomePage';
import { checkBind, hasErrors, type FieldMessages } from './validation';

type BindField = 'name' | 'account' | 'password' | 'passwordAgain';

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
  const [values, setValues] = useState<Record<BindField, string>>({ name: '', account: '', password: '', passwordAgain: '' });
  const [errors, setErrors] = useState<FieldMessages<BindField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const edit = (field: BindField) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkBind(values, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setSending(true);
    setFailure(null);
    try {
      const signedIn = await portalApi.bind({ bindCode: code, name: values.name.trim(), account: values.account.trim(), password: values.password });
      startSession(signedIn.token);
      await navigate('/orders', { replace: true });
    } catch (error) {
      if (error instanceof PortalError && error.fieldErrors)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
      setFailure(error instanceof Error ? error.message : String(error));
      setSending(false);
    }
  };

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
          {failure && <Notice kind="error">{failure}</Notice>}
          <form className="pt-form" noValidate onSubmit={(event) => void submit(event)}>
            <TextInput
              label={t('bindName')}
              placeholder={t('bindNamePlaceholder')}
              autoComplete="name"
              name="name"
              value={values.name}
              error={errors.name}
              onChange={edit('name')}
            />
            <TextInput
              label={t('account')}
              placeholder={t('accountPlaceholder')}
              autoComplete="username"
              inputMode="email"
              name="account"
              value={values.account}
              error={errors.account}
              onChange={edit('account')}
            />
            <TextInput
              label={t('password')}
              hint={t('passwordHint')}
              type="password"
              autoComplete="new-password"
              name="password"
              value={values.password}
              error={errors.password}
              onChange={edit('password')}
            />
            <TextInput
              label={t('passwordAgain')}
              type="password"
              autoComplete="new-password"
              name="passwordAgain"
              value={values.passwordAgain}
              error={errors.passwordAgain}
              onChange={edit('passwordAgain')}
            />
            <Button type="submit" block disabled={sending} data-testid="portal-bind-submit">
              {sending ? t('binding') : t('bindSubmit')}
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
