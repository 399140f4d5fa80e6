import { HUB_METHODS } from '@forwarder/domain';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hub } from '@/app/hub';
import { appMessages } from '@/app/messages';
import { signOut } from '@/app/session/signOut';
import { useSession } from '@/app/session/store';
import { unbindWechat } from '@/features/account/api';
import { useBindCodeMenuItems } from '@/features/customers/BindCodeDialog';
import { accountMessages } from '@/features/account/messages';
import { dictMessages } from '@/features/dict/batchMessages';
import { useFeedback } from '@/shared/feedback';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';
import { maskAccount } from '@/shared/format/maskAccount';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';

// The menu's dialogs load when first opened, not with the top bar.
const ProfileDialog = lazyOpenDialog(async () => (await import('@/features/account/ProfileDialog')).ProfileDialog);
const BatchDictDialog = lazyOpenDialog(async () => (await import('@/features/dict/BatchDictDialog')).BatchDictDialog);
export const ChangePasswordDialog = lazyOpenDialog(async () => (await import('@/features/account/ChangePasswordDialog')).ChangePasswordDialog);

type Dialog = 'profile' | 'dict' | 'password' | null;

function label(text: string, testId: string) {
  return <span data-testid={testId}>{text}</span>;
}

/** The signed-in user's menu: profile, account actions and sign-out. */
export function AvatarMenu() {
  const t = useMessages(appMessages);
  const account = useMessages(accountMessages);
  const dict = useMessages(dictMessages);
  const { message, modal } = useFeedback();
  const userId = useSession((state) => state.userId);
  const username = useSession((state) => state.username);
  const accountId = useSession((state) => state.account);
  const mayChangeDictionaries = usePermission(['avatar:dict']);
  const [dialog, setDialog] = useState<Dialog>(null);
  // the binding-code entry (with its own click) for holders of topbar:bindcode or customers:bindcode
  const bindCodeItems = useBindCodeMenuItems();
  const navigate = useNavigate();

  function confirmUnbind() {
    modal.confirm({
      title: account('notice'),
      content: account('unbindConfirm'),
      onOk: async () => {
        try {
          await unbindWechat();
        } catch {
          return; // the request client has shown why
        }
        message.success(account('unbound'));
        // Lets the server drop the mini-program's live connection of this user.
        await hub.invoke(HUB_METHODS.wechatUserExit, userId).catch(() => undefined);
      },
    });
  }

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div className="app-avatar-who">
          <div>{username}</div>
          <div className="app-avatar-account">{maskAccount(accountId || userId || '')}</div>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'profile', label: label(t('avatarProfile'), 'avatar-profile') },
    ...(mayChangeDictionaries ? [{ key: 'dict', label: label(dict('batchTitle'), 'avatar-dict') }] : []),
    ...bindCodeItems,
    { key: 'unbind', label: label(t('avatarUnbind'), 'avatar-unbind') },
    { key: 'password', label: label(t('avatarPassword'), 'avatar-password') },
    { type: 'divider' },
    { key: 'signOut', label: label(t('avatarSignOut'), 'avatar-sign-out') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile' || key === 'dict' || key === 'password') setDialog(key);
    else if (key === 'unbind') confirmUnbind();
    else if (key === 'signOut') void signOut(navigate);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight">
        <Space className="app-avatar" role="button" tabIndex={0} data-testid="avatar-dropdown">
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{username}</span>
          <DownOutlined />
        </Space>
      </Dropdown>
      <ProfileDialog userId={userId} open={dialog === 'profile'} onClose={() => setDialog(null)} />
      {mayChangeDictionaries ? <BatchDictDialog open={dialog === 'dict'} onClose={() => setDialog(null)} /> : null}
      <ChangePasswordDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        // The server ended every session of the user; there is nothing to log out from.
        onChanged={() => void signOut(navigate, { notifyServer: false })}
      />
    </>
  );
}
