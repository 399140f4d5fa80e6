import { describe, expect, it } from 'vitest';
import { RequestError } from '@/shared/request';
import { isStale, serverFieldErrors } from './useSave';

function refused(status: number, fieldErrors: Record<string, string[]> | null = null) {
  return new RequestError('账号已存在', status, false, fieldErrors);
}

describe('serverFieldErrors', () => {
  it('reads the field messages a 400 carries', () => {
    expect(serverFieldErrors(refused(400, { account: ['账号已存在'], orgId: ['所属组织不存在'] }))).toEqual({
      account: ['账号已存在'],
      orgId: ['所属组织不存在'],
    });
  });

  it('drops fields without messages', () => {
    expect(serverFieldErrors(refused(400, { name: ['角色名称不能为空'], code: [] }))).toEqual({ name: ['角色名称不能为空'] });
  });

  it('has nothing for other statuses, plain 400s and other errors', () => {
    expect(serverFieldErrors(refused(409, { account: ['x'] }))).toBeNull();
    expect(serverFieldErrors(refused(400))).toBeNull();
    expect(serverFieldErrors(new Error('x'))).toBeNull();
  });
});

describe('isStale', () => {
  it('treats a stale ver and a vanished record as out of date', () => {
    expect(isStale(refused(409))).toBe(true);
    expect(isStale(refused(404))).toBe(true);
    expect(isStale(refused(400))).toBe(false);
    expect(isStale(new Error('x'))).toBe(false);
  });
});
