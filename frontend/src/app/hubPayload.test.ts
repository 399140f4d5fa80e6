import { describe, expect, it } from 'vitest';
import { namesUser, toNotice } from './hubPayload';

const user = { userId: '7', account: '13812345678' };

describe('namesUser', () => {
  it('recognises the user by id or account, bare or in an object', () => {
    expect(namesUser(7, user)).toBe(true);
    expect(namesUser('13812345678', user)).toBe(true);
    expect(namesUser({ userId: 7 }, user)).toBe(true);
    expect(namesUser({ account: '13812345678', connectionId: 'x' }, user)).toBe(true);
  });

  it('ignores messages about someone else or about nobody', () => {
    expect(namesUser(8, user)).toBe(false);
    expect(namesUser({ userId: 8 }, user)).toBe(false);
    expect(namesUser('', { userId: null, account: '' })).toBe(false);
    expect(namesUser(null, user)).toBe(false);
  });
});

describe('toNotice', () => {
  it('shows plain text under the default title, and an object with its own title', () => {
    expect(toNotice('系统将于今晚维护', '新消息')).toEqual({ title: '新消息', description: '系统将于今晚维护' });
    expect(toNotice({ title: '维护', content: '今晚' }, '新消息')).toEqual({ title: '维护', description: '今晚' });
  });
});
