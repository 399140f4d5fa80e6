import { LockOutlined, UserOutlined } from '@ant-design/icons';
// the domain's bounds, which the account area's forms use too: not through that area's index, whose hooks
// would bring react-query to this page (app/session/loginSettings.ts)
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, greetingFor } from '@forwarder/domain';
import { Button, Flex, Form, theme } from 'antd';
import { useEffect, useTransition } from 'react';
// The input and its password variant alone: antd's Input namespace also brings its TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useNavigate, useSearchParams } from 'react-router';
import { redirectAfterLogin } from '@/shared/routing/paths';
import { loadLoginSettings, useLoginSettings } from '@/shared/session/loginSettings';
import { beginSession } from '@/shared/session/session';
import { usePageTitle, useProductTitle } from '@/shared/session/usePageTitle';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { useFeedback } from '@/shared/feedback';
import { greetingMessages } from '@/shared/format/greeting';
import { useMessages } from '@/shared/i18n';
import { signIn } from './api';
import { encryptCredentials } from './encryptCredentials';
import { loginMessages } from './messages';
import './login.css';

/** While the demo data loads (a first start), the page asks again this often how far it is. */
const DEMO_LOADING_POLL_MS = 5000;

interface Credentials {
  account: string;
  password: string;
}

export function LoginPage() {
  const t = useMessages(loginMessages);
  const greeting = useMessages(greetingMessages);
  const { notification } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const productTitle = useProductTitle();
  const { token } = theme.useToken();
  usePageTitle(t('signIn'));

  // Always fresh on this page: the public key may have been rotated since the shell last asked.
  const settings = useLoginSettings({ fresh: true });
  const demoLoading = settings?.demoLoading;
  useEffect(() => {
    if (!demoLoading) return;
    const timer = setTimeout(() => void loadLoginSettings({ fresh: true }).catch(() => undefined), DEMO_LOADING_POLL_MS);
    return () => clearTimeout(timer);
  }, [demoLoading]);

  // React's own pending state for the sign-in call: react-query is for the signed-in screens (loginSettings.ts)
  const [signingIn, startSigningIn] = useTransition();
  const submit = ({ account, password }: Credentials) => {
    if (!settings) return;
    startSigningIn(async () => {
      const result = await signIn(encryptCredentials(settings.publicKey, { account: account.trim(), password })).catch(() => null);
      // refused: the request client has told the user why
      if (!result) return;
      beginSession(result);
      notification.success({
        title: t('welcome', { title: productTitle }),
        description: t('greeting', { greeting: greeting(greetingFor(new Date().getHours())) }),
      });
      await navigate(redirectAfterLogin(searchParams.get('redirect')), { replace: true });
    });
  };

  return (
    <main className="login-page">
      <div className="login-language">
        <LanguageSwitch label={t('language')} />
      </div>
      {/* A Card's and a Title's look, drawn from the theme's tokens: antd's Card brings its Tabs and Menu,
          and Typography its editing and copying, into the first screen's JavaScript (e2e/bundle-budget). */}
      <div
        className="login-card"
        style={{
          boxSizing: 'border-box',
          position: 'relative',
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
          padding: token.paddingLG,
        }}
      >
        <Flex vertical align="center" gap={8} className="login-heading">
          {settings?.logo ? <img src={settings.logo} alt="" className="login-logo" /> : null}
          <h1
            style={{
              margin: 0,
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              wordBreak: 'break-word',
            }}
          >
            {productTitle}
          </h1>
          {/* a demo installation: a Tag's look from the theme's tokens (antd's Tag is not on this page's budget) */}
          {settings?.demo ? (
            <span
              data-testid="demo-mark"
              style={{
                padding: `0 ${token.paddingXS}px`,
                fontSize: token.fontSizeSM,
                lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
                // the text's own colour on the warning background: the warning text colour is too pale there (axe)
                color: token.colorText,
                background: token.colorWarningBg,
                border: `${token.lineWidth}px ${token.lineType} ${token.colorWarningBorder}`,
                borderRadius: token.borderRadiusSM,
              }}
            >
              {t('demoData')}
            </span>
          ) : null}
        </Flex>
        {demoLoading ? (
          <p role="status" className="login-notice" data-testid="login-demo-loading">
            {t('demoLoading', demoLoading)}
          </p>
        ) : null}
        <Form<Credentials> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item name="account" label={t('account')} rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('accountPlaceholder')} autoComplete="username" data-testid="login-account" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[{ required: true, min: PASSWORD_MIN_LENGTH, message: t('passwordTooShort', { min: PASSWORD_MIN_LENGTH }) }]}
          >
            <Password
              prefix={<LockOutlined />}
              placeholder={t('passwordPlaceholder')}
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={signingIn} disabled={!settings} data-testid="login-submit">
            {t('signIn')}
          </Button>
        </Form>
      </div>
    </main>
  );
}
