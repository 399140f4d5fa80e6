import { act, renderHook, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { PortalError } from '../api/request';
import { checkLogin } from './validation';
import { usePortalSubmit } from './usePortalSubmit';

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

/** The sign-in's form under the hook, with `send` and `done` of the test's. */
function renderForm(send: (values: { account: string; password: string }) => Promise<string>, done = vi.fn()) {
  const hook = renderHook(() => usePortalSubmit({ initial: { account: '', password: '' }, check: checkLogin, send, done }));
  const fill = (account: string, password: string) =>
    act(() => {
      hook.result.current.field('account').onChange({ target: { value: account } });
      hook.result.current.field('password').onChange({ target: { value: password } });
    });
  const submit = () => act(() => hook.result.current.submit(submitEvent()));
  /** Submits and waits until the call is answered. */
  const submitted = async () => {
    submit();
    await waitFor(() => expect(hook.result.current.sending).toBe(false));
  };
  return { hook, fill, submit, submitted, done };
}

describe("the portal forms' submit flow", () => {
  beforeEach(() => setLanguage('zh'));

  it('checks first and sends nothing while a field is wrong', async () => {
    const send = vi.fn(async () => 'token');
    const { hook, submitted } = renderForm(send);
    await submitted();
    expect(hook.result.current.errors).toEqual({ account: '请填写手机号或邮箱', password: '请填写密码' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the values once however often it is submitted while sending, then hands the answer on', async () => {
    let answer!: (token: string) => void;
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { hook, fill, submit, done } = renderForm(send);
    fill('ops@acme-trading.com', 'Cargo-2026!');
    submit();
    expect(hook.result.current.sending).toBe(true);
    submit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ account: 'ops@acme-trading.com', password: 'Cargo-2026!' });
    await act(async () => answer('portal-token'));
    await waitFor(() => expect(hook.result.current.sending).toBe(false));
    expect(done).toHaveBeenCalledWith('portal-token');
    expect(hook.result.current.failure).toBeNull();
  });

  it("puts a refusal's field messages under the form's fields, without a notice", async () => {
    const refusal = new PortalError('账号已绑定其他客户', 400, { account: ['账号已绑定其他客户', '另一条'] });
    const { hook, fill, submitted, done } = renderForm(() => Promise.reject(refusal));
    fill('ops@acme-trading.com', 'Cargo-2026!');
    await submitted();
    expect(hook.result.current.errors).toEqual({ account: '账号已绑定其他客户' });
    expect(hook.result.current.failure).toBeNull();
    expect(done).not.toHaveBeenCalled();
  });

  it('shows as a notice a refusal that names no field of the form, and any other failure, and sends again after it', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new PortalError('绑定码已使用或已过期', 400, { bindCode: ['绑定码已使用或已过期'] }))
      .mockRejectedValueOnce(new PortalError('账号或密码错误', 400))
      .mockRejectedValueOnce(new Error('加密失败'));
    const { hook, fill, submitted } = renderForm(send);
    fill('ops@acme-trading.com', 'Cargo-2026!');
    for (const shown of ['绑定码已使用或已过期', '账号或密码错误', '加密失败']) {
      await submitted();
      expect(hook.result.current.failure).toBe(shown);
      expect(hook.result.current.errors).toEqual({});
    }
    expect(send).toHaveBeenCalledTimes(3);
  });
});
