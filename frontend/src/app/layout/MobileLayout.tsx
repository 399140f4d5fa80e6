import { Flex, Layout } from 'antd';
import { appMessages } from '@/app/messages';
import { useMessages } from '@/shared/i18n';
import { AvatarMenu } from './AvatarMenu';
import { Logo } from './Logo';
import { LazyResult } from '@/shared/components/LazyResult';

/** Narrow screens: the back office needs a desktop; point the user to the mini-program instead. */
export function MobileLayout() {
  const t = useMessages(appMessages);
  return (
    <Layout className="app-mobile">
      <Layout.Header className="app-mobile-header">
        <Flex align="center" justify="space-between">
          <Logo collapsed={false} />
          <AvatarMenu />
        </Flex>
      </Layout.Header>
      <Layout.Content>
        <LazyResult status="warning" title={t('mobileTitle')} subTitle={t('mobileHint')} data-testid="mobile-notice" />
      </Layout.Content>
    </Layout>
  );
}
