import { AsyncLocalStorage } from 'node:async_hooks';

export type Lang = 'zh' | 'en';

/** What is known about the request being served; read by the audit writers and the error messages. */
export interface RequestContext {
  lang: Lang;
  /** answered in X-Request-Id, kept with the request's log rows and log lines (common/request-id.ts) */
  requestId?: string;
  ip?: string;
  userId?: number;
  sessionId?: string;
  /**
   * Set once the request has written to the database (prisma/prisma.service.ts): its request-log row is
   * then written before its answer leaves (audit/request-log.middleware.ts).
   */
  wrote?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  get(): RequestContext | undefined {
    return storage.getStore();
  },
  lang(): Lang {
    return storage.getStore()?.lang ?? 'zh';
  },
};

export function langFromHeader(header: string | undefined): Lang {
  return header && /^en\b/i.test(header) ? 'en' : 'zh';
}
