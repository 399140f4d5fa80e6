import { Descriptions, Modal, Spin } from 'antd';
import { useMessages } from '@/shared/i18n';
import { useUserDetail, type UserDetail } from '@/features/account';
import { issueBoardMessages } from './messages';

const FIELDS = ['jobNo', 'fullName', 'email', 'phone', 'peerLabel', 'directLabel', 'contactUs'] as const satisfies readonly (keyof UserDetail)[];

/** A colleague's profile, read-only: '{name} 个人信息'; an empty value shows ----. */
export function UserViewDialog({ user, onClose }: { user: { id: number; name: string } | null; onClose: () => void }) {
  const t = useMessages(issueBoardMessages);
  const detail = useUserDetail(user?.id ?? null, true);
  const shown = detail.data && detail.data.id === user?.id ? detail.data : null;
  return (
    <Modal open={user !== null} title={t('userTitle', { name: user?.name ?? '' })} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={detail.isFetching}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={FIELDS.map((field) => ({ key: field, label: t(field), children: shown?.[field] || t('dashes') }))}
          data-testid="bbs-user-view"
        />
      </Spin>
    </Modal>
  );
}
