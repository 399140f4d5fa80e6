import { Button, Flex } from 'antd';
import { useMessages } from '@/shared/i18n';
import { orderDetailMessages } from './messages';

/** The submit button under a tab's form, at the right. */
export function SaveBar({ saving, testId }: { saving: boolean; testId: string }) {
  const t = useMessages(orderDetailMessages);
  return (
    <Flex justify="flex-end">
      <Button type="primary" htmlType="submit" loading={saving} data-testid={testId}>
        {t('save')}
      </Button>
    </Flex>
  );
}
