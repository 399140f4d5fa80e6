import type { ModalFuncProps } from 'antd';
import AppContext, { AppConfigContext, type AppConfig, type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
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
 * An API whose code loads on first use: `run` calls it at once when it has arrived, else asks for it
 * (`request`) and runs the call, in order with the others, when `ready` hands it over.
 */
function loadedOnFirstUse<Api>(request: () => void) {
  let loaded: Api | null = null;
  const waiting: Array<(api: Api) => void> = [];
  return {
    loaded: () => loaded,
    run: (call: (api: Api) => void) => {
      if (loaded) return call(loaded);
      request();
      waiting.push(call);
    },
    ready: (api: Api) => {
      loaded = api;
      waiting.splice(0).forEach((call) => call(api));
    },
  };
}

/**
 * The modal API of antd's `App`, its modal code (and the Skeleton a modal carries) loaded on the first
 * call: the calls made before it has arrived open when it has, and their handles act on them then.
 */
function deferredModal(request: () => void): { api: ModalApi; ready: (api: ModalApi) => void } {
  const modal = loadedOnFirstUse<ModalApi>(request);
  const open =
    (kind: ModalKind) =>
    (config: ModalFuncProps): ModalHandle => {
      const loaded = modal.loaded();
      if (loaded) return loaded[kind](config);
      let handle: ModalHandle | null = null;
      let destroyed = false;
      const updates: Array<Parameters<ModalHandle['update']>[0]> = [];
      let settle: (confirmed: boolean) => void = () => undefined;
      const closed = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      modal.run((api) => {
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
    ready: modal.ready,
  };
}

type Toasts = { message: MessageInstance; notification: NotificationInstance };

/** What renders antd's message and notification holders once the first toast is asked for. */
const ToastHost = lazy(async () => {
  const [{ default: useMessage }, { default: useNotification }] = await Promise.all([
    import('antd/es/message/useMessage'),
    import('antd/es/notification/useNotification'),
  ]);
  return {
    default: function ToastHost({ config, onReady }: { config: AppConfig; onReady: (api: Toasts) => void }) {
      const [message, messageHolder] = useMessage(config.message);
      const [notification, notificationHolder] = useNotification(config.notification);
      useEffect(() => onReady({ message, notification }), [message, notification, onReady]);
      return (
        <>
          {messageHolder}
          {notificationHolder}
        </>
      );
    },
  };
});

const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

type MessageKind = Exclude<keyof MessageInstance, 'destroy'>;
type NotificationKind = Exclude<keyof NotificationInstance, 'destroy'>;

/**
 * The message and notification APIs of antd's `App`, their code (rc-notification, the toasts' styles)
 * loaded on the first call: the sign-in form works before anything is toasted (e2e/bundle-budget.e2e.ts).
 * Calls made before it has arrived run in their order when it has; a message closed by its handle before
 * then is never shown, and its handle's promise settles as antd's does, when the message is gone.
 */
export function deferredToasts(request: () => void): { api: Toasts; ready: (api: Toasts) => void } {
  const toasts = loadedOnFirstUse<Toasts>(request);
  const message =
    (kind: MessageKind) =>
    (...args: Parameters<MessageInstance['open']> | Parameters<MessageInstance['info']>): MessageType => {
      const open = (api: Toasts) => (api.message[kind] as (...values: typeof args) => MessageType)(...args);
      const loaded = toasts.loaded();
      if (loaded) return open(loaded);
      let handle: MessageType | null = null;
      let closed = false;
      let settle: (done: boolean) => void = () => undefined;
      const gone = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      toasts.run((api) => {
        if (closed) return settle(true);
        handle = open(api);
        void handle.then(settle);
      });
      const close = () => {
        closed = true;
        handle?.();
      };
      return Object.assign(close, { then: gone.then.bind(gone) });
    };
  const notification =
    (kind: NotificationKind) =>
    (args: Parameters<NotificationInstance['open']>[0]): void =>
      toasts.run((api) => api.notification[kind](args));
  return {
    api: {
      message: {
        info: message('info'),
        success: message('success'),
        error: message('error'),
        warning: message('warning'),
        loading: message('loading'),
        open: message('open'),
        destroy: (key) => toasts.run((api) => api.message.destroy(key)),
      },
      notification: {
        success: notification('success'),
        error: notification('error'),
        info: notification('info'),
        warning: notification('warning'),
        open: notification('open'),
        destroy: (key) => toasts.run((api) => api.notification.destroy(key)),
      },
    },
    ready: toasts.ready,
  };
}

/**
 * antd's `App` (the context `App.useApp()` reads, its root element and style, message and notification),
 * with the code of the modal, message and notification APIs loaded when first used: antd's `App` brings
 * Modal and Skeleton, its message and notification rc-notification and their styles, into the first
 * screen's JavaScript (e2e/bundle-budget.e2e.ts).
 */
export function AppFeedback({ message, notification, children }: AppConfig & { children: ReactNode }) {
  const { getPrefixCls, className: contextClassName, style: contextStyle } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const config = useMemo<AppConfig>(() => ({ message, notification }), [message, notification]);
  const [modalWanted, setModalWanted] = useState(false);
  const modal = useMemo(() => deferredModal(() => setModalWanted(true)), []);
  const [toastsWanted, setToastsWanted] = useState(false);
  const toasts = useMemo(() => deferredToasts(() => setToastsWanted(true)), []);
  // The toasts' code also loads at the user's first click, key or field: what answers them (the sign-in's
  // welcome, a save's confirmation) then shows at once, as it did when the code came with the page.
  useEffect(() => {
    const want = () => setToastsWanted(true);
    FIRST_INTERACTIONS.forEach((event) => document.addEventListener(event, want, { capture: true, once: true }));
    return () => FIRST_INTERACTIONS.forEach((event) => document.removeEventListener(event, want, { capture: true }));
  }, []);
  const value = useMemo<useAppProps>(() => ({ ...toasts.api, modal: modal.api }), [toasts, modal]);
  return (
    <AppContext.Provider value={value}>
      <AppConfigContext.Provider value={config}>
        <div className={[contextClassName, hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')} style={contextStyle}>
          {modalWanted ? (
            <Suspense fallback={null}>
              <ModalHost onReady={modal.ready} />
            </Suspense>
          ) : null}
          {toastsWanted ? (
            <Suspense fallback={null}>
              <ToastHost config={config} onReady={toasts.ready} />
            </Suspense>
          ) : null}
          {children}
        </div>
      </AppConfigContext.Provider>
    </AppContext.Provider>
  );
}
