import { Flex, Layout } from 'antd';
import { appMessages } from '@/app/messages';
import { useMessages } from '@/shared/i18n';
import { AvatarMenu } from './AvatarMenu';
import { Logo } from './Logo';
import { LazyResult } from '@/shared/components/LazyResult';

/**
 * Narrow screens: the back office needs a desktop; point the user to the mini-program instead. The page the
 * address names is the screen's one level-one heading in its main landmark, titled as the desktop's tab is
 * (the line told apart: 小包专线·全部订单), as the browser tab is.
 */
export function MobileLayout({ title }: { title: string }) {
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
        <h1 className="app-mobile-heading" data-testid="mobile-page-title">
          {title}
        </h1>
        <LazyResult status="warning" title={t('mobileTitle')} subTitle={t('mobileHint')} data-testid="mobile-notice" />
      </Layout.Content>
    </Layout>
  );
}
