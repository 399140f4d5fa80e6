import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInApp, serveData } from '@/test/render';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from './ChangePasswordDialog';

function renderDialog(onChanged = vi.fn()) {
  renderInApp(<ChangePasswordDialog open onClose={() => undefined} onChanged={onChanged} />);
  return onChanged;
}

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('ChangePasswordDialog', () => {
  it('says the two passwords differ when the confirmation does not match', async () => {
    renderDialog();
    type('password-new', 'secret1');
    type('password-confirm', 'secret2');
    expect(await screen.findByText('两次密码输入的不一致！')).toBeTruthy();
  });

  it('asks for every field on submit and rejects passwords under 6 characters', async () => {
    renderDialog();
    type('password-old', '12345');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('原密码格式错误！')).toBeTruthy();
    expect(await screen.findByText('请输入新密码！')).toBeTruthy();
    expect(await screen.findByText('请再次确认新密码！')).toBeTruthy();
  });

  it('sends the old and new password and hands over to sign-out on success', async () => {
    const fetchMock = serveData();
    const onChanged = renderDialog();
    type('password-old', 'old-secret');
    type('password-new', 'new-secret');
    type('password-confirm', 'new-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/login/modifyPwd',
      expect.objectContaining({ body: JSON.stringify({ oldPassword: 'old-secret', newPassword: 'new-secret' }) }),
    );
    expect(await screen.findByText('修改成功，下次登录切记使用新密码哦！！！')).toBeTruthy();
  });
});
