import type { PermissionCode } from '@forwarder/domain';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Spin, type MenuProps } from 'antd';
import { lazy, Suspense, useCallback } from 'react';
import { translate, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import type { CustomerPick } from './api';
import { customerMessages } from './messages';

const DIALOG_WIDTH = 420;
/** Either code lets a user issue binding codes (the top bar's, or the customer screens'). */
const BIND_CODE_PERMISSIONS: readonly PermissionCode[] = ['topbar:bindcode', 'customers:bindcode'];

// The panel (its customer search is a Select) loads when the dialog first opens, not with the avatar menu.
const BindCodePanel = lazy(async () => ({ default: (await import('./BindCodePanel')).BindCodePanel }));

/**
 * Opens the binding code dialog, optionally for one customer. It is shown through antd's modal API so
 * that any menu or row can open it without hosting a dialog of its own.
 */
export function useBindCodeDialog(): (customer?: CustomerPick) => void {
  const { modal } = App.useApp();
  // antd's modals render outside the app's query provider: hand them the app's client.
  const client = useQueryClient();
  return useCallback(
    (customer?: CustomerPick) => {
      modal.info({
        title: translate(customerMessages, 'bindCodeTitle'),
        icon: null,
        width: DIALOG_WIDTH,
        closable: true,
        footer: null,
        content: (
          <QueryClientProvider client={client}>
            <Suspense
              fallback={
                <Flex justify="center">
                  <Spin />
                </Flex>
              }
            >
              <BindCodePanel customer={customer} />
            </Suspense>
          </QueryClientProvider>
        ),
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
