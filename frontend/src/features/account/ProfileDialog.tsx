import { Descriptions, Modal, Spin } from 'antd';
import { useMessages } from '@/shared/i18n';
import { useUserDetail, type UserDetail } from './api';
import { accountMessages } from './messages';

const EMPTY_VALUE = '----';

const FIELDS = ['jobNo', 'fullName', 'email', 'phone', 'peerLabel', 'directLabel', 'contactUs'] as const satisfies readonly (keyof UserDetail &
  keyof typeof accountMessages.zh)[];

/** Read-only view of a user (my own profile, or a person named on an order issue). */
export function ProfileDialog({ userId, open, onClose }: { userId: number | string | null; open: boolean; onClose: () => void }) {
  const t = useMessages(accountMessages);
  const { data, isPending } = useUserDetail(userId, open);
  return (
    <Modal open={open} title={t('profileTitle', { name: data?.fullName ?? '' })} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={open && isPending}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={FIELDS.map((field) => ({ key: field, label: t(field), children: data?.[field] || EMPTY_VALUE }))}
        />
      </Spin>
    </Modal>
  );
}
