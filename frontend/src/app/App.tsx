import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { AppFeedback } from '@/app/AppFeedback';
import { AppRouter } from '@/app/router';
import { useSessionAccess } from '@/shared/session/store';
import { STATIC_STYLES, THEME_TOKENS } from '@/app/themeTokens';
import { FeedbackBridge } from '@/shared/feedback';
import { useLanguage } from '@/shared/i18n';
import { usePrefersReducedMotion } from '@/shared/hooks/usePrefersReducedMotion';
import { AccessProvider } from '@/shared/permission';

/** Toasts stay 5 s (the original client's message duration). */
const FEEDBACK_DURATION_S = 5;
const FEEDBACK_CONFIG = { duration: FEEDBACK_DURATION_S };

/**
 * antd without its animations, for a user whose system asks for reduced motion: dialogs, drawers and
 * menus open and close at once (and a click right after one opens lands on what is shown).
 */
const WITHOUT_MOTION = { ...STATIC_STYLES, token: { ...THEME_TOKENS, motion: false } };
const WITH_MOTION = { ...STATIC_STYLES, token: THEME_TOKENS };

export function App() {
  const language = useLanguage();
  const access = useSessionAccess();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={reducedMotion ? WITHOUT_MOTION : WITH_MOTION}>
      <AppFeedback message={FEEDBACK_CONFIG} notification={FEEDBACK_CONFIG}>
        <FeedbackBridge />
        <AccessProvider value={access}>
          <AppRouter />
        </AccessProvider>
      </AppFeedback>
    </ConfigProvider>
  );
}
