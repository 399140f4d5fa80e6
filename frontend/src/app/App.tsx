import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/app/queryClient';
import { router } from '@/app/router';
import { useSessionAccess } from '@/app/session/store';
import { FeedbackBridge } from '@/shared/feedback';
import { useLanguage } from '@/shared/i18n';
import { AccessProvider } from '@/shared/permission';

/** Toasts stay 5 s (the original client's message duration). */
const FEEDBACK_DURATION_S = 5;

export function App() {
  const language = useLanguage();
  const access = useSessionAccess();
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN}>
      <AntApp message={{ duration: FEEDBACK_DURATION_S }} notification={{ duration: FEEDBACK_DURATION_S }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <AccessProvider value={access}>
            <RouterProvider router={router} />
          </AccessProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
