import type { ExecutionContext } from '@nestjs/common';
import { AppError } from '../common/app-error.js';
import { idleCutoff, idleSince, isProtected, listWhere } from './customer-rules.js';
import { ownScope, readScope, viewerOf } from './customer-scope.js';
import { WechatGatewayGuard } from './wechat-gateway.guard.js';

const now = new Date('2026-11-22T08:00:00Z');
const salesman = { userId: 7, seesAll: false };
const manager = { userId: 1, seesAll: true };

describe('customer rules', () => {
  it('gives customers:all holders and super admins every customer, everyone else their own (plus the pool to read)', () => {
    const principal = { userId: 7, sessionId: 's', account: 'a', fullName: 'A', roleCodes: [], isSuperAdmin: false };
    expect(viewerOf({ ...principal, permissionCodes: ['customers:list'] })).toEqual(salesman);
    expect(viewerOf({ ...principal, permissionCodes: ['customers:all'] }).seesAll).toBe(true);
    expect(viewerOf({ ...principal, isSuperAdmin: true, permissionCodes: [] }).seesAll).toBe(true);
    expect(ownScope(salesman)).toEqual({ salesmanId: 7 });
    expect(readScope(salesman)).toEqual({ OR: [{ salesmanId: 7 }, { salesmanId: null }] });
    expect(ownScope(manager)).toEqual({});
    expect(readScope(manager)).toEqual({});
  });

  it('counts the idle period in calendar months, and turns the pool off below one month', () => {
    expect(idleCutoff(now, 6)).toEqual(new Date('2026-05-22T08:00:00Z'));
    expect(idleCutoff(now, 12)).toEqual(new Date('2025-11-22T08:00:00Z'));
    expect(idleCutoff(now, 0)).toBeNull();
    expect(idleCutoff(now, 0.5)).toBeNull();
  });

  it('starts the idle clock at the last order, else at approval, and only for approved customers', () => {
    const reviewedAt = new Date('2026-01-01T00:00:00Z');
    const lastOrderAt = new Date('2026-06-01T00:00:00Z');
    expect(idleSince({ reviewStatus: 'approved', reviewedAt, lastOrderAt: null })).toBe(reviewedAt);
    expect(idleSince({ reviewStatus: 'approved', reviewedAt, lastOrderAt })).toBe(lastOrderAt);
    expect(idleSince({ reviewStatus: 'pending', reviewedAt, lastOrderAt })).toBeNull();
  });

  it('treats a protection as live until the instant it ends', () => {
    expect(isProtected({ protectedUntil: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isProtected({ protectedUntil: now }, now)).toBe(false);
    expect(isProtected({ protectedUntil: null }, now)).toBe(false);
  });

  it('builds each list within the scope; the pool is the same for everyone', () => {
    const cutoff = idleCutoff(now, 6)!;
    expect(listWhere('checkPendingList', salesman, now, cutoff)).toEqual({ salesmanId: 7, reviewStatus: 'pending' });
    expect(listWhere('editList', manager, now, cutoff)).toEqual({ salesmanId: { not: null }, reviewStatus: 'rejected' });
    expect(listWhere('publicList', salesman, now, cutoff)).toEqual({ salesmanId: null });
    expect(listWhere('publicList', manager, now, cutoff)).toEqual({ salesmanId: null });
    expect(listWhere('protectedList', salesman, now, cutoff)).toEqual({ salesmanId: 7, reviewStatus: 'approved', protectedUntil: { gt: now } });
    expect(listWhere('monthSixList', salesman, now, cutoff)).toEqual({
      salesmanId: 7,
      reviewStatus: 'approved',
      OR: [{ lastOrderAt: { lt: cutoff } }, { lastOrderAt: null, reviewedAt: { lt: cutoff } }],
    });
    expect(listWhere('monthSixList', salesman, now, null)).toEqual({ id: { in: [] } });
  });
});

describe('the mini-program gateway check', () => {
  const call = (header?: string) =>
    ({
      switchToHttp: () => ({ getRequest: () => ({ headers: header === undefined ? {} : { 'x-wechat-gateway-secret': header } }) }),
    }) as unknown as ExecutionContext;

  it('lets through only the configured secret', () => {
    const guard = new WechatGatewayGuard('s3cret');
    expect(guard.canActivate(call('s3cret'))).toBe(true);
    expect(() => guard.canActivate(call('s3cret '))).toThrow(AppError);
    expect(() => guard.canActivate(call())).toThrow(AppError);
  });

  it('refuses everything while WECHAT_GATEWAY_SECRET is unset', () => {
    const guard = new WechatGatewayGuard(undefined);
    expect(() => guard.canActivate(call(''))).toThrow(AppError);
    expect(() => guard.canActivate(call('anything'))).toThrow(AppError);
  });
});
