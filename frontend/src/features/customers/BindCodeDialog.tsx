import type { PermissionCode } from '@forwarder/domain';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { useCallback } from 'react';
import { useFeedback } from '@/shared/feedback';
import { translate, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import type { CustomerPick } from './api';
import { customerMessages } from './messages';

const DIALOG_WIDTH = 420;
/** Either code lets a user issue binding codes (the top bar's, or the customer screens'). */
const BIND_CODE_PERMISSIONS: readonly PermissionCode[] = ['topbar:bindcode', 'customers:bindcode'];

/**
 * Opens the binding code dialog, optionally for one customer. It is shown through antd's modal API so
 * that any menu or row can open it without hosting a dialog of its own. Its body (with antd's Select) loads
 * when first opened, not with the avatar menu that offers it (e2e/bundle-budget.e2e.ts).
 */
export function useBindCodeDialog(): (customer?: CustomerPick) => void {
  const { modal } = useFeedback();
  // antd's modals render outside the app's query provider: hand them the app's client.
  const client = useQueryClient();
  return useCallback(
    (customer?: CustomerPick) => {
      void import('./BindCodePanel').then(({ BindCodePanel }) => {
        modal.info({
          title: translate(customerMessages, 'bindCodeTitle'),
          icon: null,
          width: DIALOG_WIDTH,
          closable: true,
          footer: null,
          content: (
            <QueryClientProvider client={client}>
              <BindCodePanel customer={customer} />
            </QueryClientProvider>
          ),
        });
      });
    },
    [modal, client],
  );
}

/** The avatar menu's entry opening the dialog; none for users without a binding code permission. */
export function useBindCodeMenuItems(): NonNullable<MenuProps['items']> {
  const t = useMessages(customerMessages);
  const allowed = usePermission(BIND_CODE_PERMISSIONS);
  const open = useBindCodeDialog();
  if (!allowed) return [];
  return [{ key: 'bindCode', label: <span data-testid="avatar-bind-code">{t('bindCodeTitle')}</span>, onClick: () => open() }];
}
