import type { ModalFuncProps } from 'antd';
import AppContext, { AppConfigContext, type AppConfig, type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useMessage from 'antd/es/message/useMessage';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';

type ModalKind = keyof ModalApi;
type ModalHandle = ReturnType<ModalApi[ModalKind]>;

/** What renders antd's hook modals once one is first asked for. */
const ModalHost = lazy(async () => {
  const { default: useModal } = await import('antd/es/modal/useModal');
  return {
    default: function ModalHost({ onReady }: { onReady: (api: ModalApi) => void }) {
      const [api, holder] = useModal();
      useEffect(() => onReady(api), [api, onReady]);
      return holder;
    },
  };
});

/**
 * The modal API of antd's `App`, its modal code (and the Skeleton a modal carries) loaded on the first
 * call: the calls made before it has arrived open when it has, and their handles act on them then.
 */
function deferredModal(request: () => void): { api: ModalApi; ready: (api: ModalApi) => void } {
  let loaded: ModalApi | null = null;
  const waiting: Array<(api: ModalApi) => void> = [];
  const open =
    (kind: ModalKind) =>
    (config: ModalFuncProps): ModalHandle => {
      if (loaded) return loaded[kind](config);
      request();
      let handle: ModalHandle | null = null;
      let destroyed = false;
      const updates: Array<Parameters<ModalHandle['update']>[0]> = [];
      let settle: (confirmed: boolean) => void = () => undefined;
      const closed = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      waiting.push((api) => {
        if (destroyed) return;
        handle = api[kind](config);
        updates.forEach((update) => handle?.update(update));
        void handle.then(settle, () => undefined);
      });
      return {
        destroy: () => {
          destroyed = true;
          handle?.destroy();
        },
        update: (update) => {
          if (handle) handle.update(update);
          else updates.push(update);
        },
        // the modal's own promise never rejects either
        then: (resolve) => closed.then(resolve),
      };
    };
  return {
    api: { info: open('info'), success: open('success'), error: open('error'), warning: open('warning'), confirm: open('confirm') },
    ready: (api) => {
      loaded = api;
      waiting.splice(0).forEach((call) => call(api));
    },
  };
}

/**
 * antd's `App` (the context `App.useApp()` reads, its root element and style, message and notification),
 * with the modal API loaded when first used: antd's `App` brings Modal and Skeleton into the first
 * screen's JavaScript (e2e/bundle-budget.e2e.ts).
 */
export function AppFeedback({ message, notification, children }: AppConfig & { children: ReactNode }) {
  const { getPrefixCls, className: contextClassName, style: contextStyle } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const config = useMemo<AppConfig>(() => ({ message, notification }), [message, notification]);
  const [messageApi, messageHolder] = useMessage(config.message);
  const [notificationApi, notificationHolder] = useNotification(config.notification);
  const [modalWanted, setModalWanted] = useState(false);
  const modal = useMemo(() => deferredModal(() => setModalWanted(true)), []);
  const value = useMemo<useAppProps>(() => ({ message: messageApi, notification: notificationApi, modal: modal.api }), [messageApi, notificationApi, modal]);
  return (
    <AppContext.Provider value={value}>
      <AppConfigContext.Provider value={config}>
        <div className={[contextClassName, hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')} style={contextStyle}>
          {modalWanted ? (
            <Suspense fallback={null}>
              <ModalHost onReady={modal.ready} />
            </Suspense>
          ) : null}
          {messageHolder}
          {notificationHolder}
          {children}
        </div>
      </AppConfigContext.Provider>
    </AppContext.Provider>
  );
}
