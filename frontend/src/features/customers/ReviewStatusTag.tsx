import { Flex, Tag } from 'antd';
import { useMessages } from '@/shared/i18n';
import type { CustomerRow, ReviewStatus } from './api';
import { customerMessages } from './messages';

const STATUS: Record<ReviewStatus, { color: string; label: 'statusPending' | 'statusApproved' | 'statusRejected' }> = {
  pending: { color: 'gold', label: 'statusPending' },
  approved: { color: 'green', label: 'statusApproved' },
  rejected: { color: 'red', label: 'statusRejected' },
};

/** The review state of a customer, and its live protection. */
export function ReviewStatusTag({ customer }: { customer: Pick<CustomerRow, 'reviewStatus' | 'protected'> }) {
  const t = useMessages(customerMessages);
  const status = STATUS[customer.reviewStatus];
  return (
    <Flex gap={4}>
      <Tag color={status.color}>{t(status.label)}</Tag>
      {customer.protected ? <Tag color="blue">{t('protectedTag')}</Tag> : null}
    </Flex>
  );
}
