import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionStore, updateSession } from '@/shared/session/store';
import { setTokens } from '@/shared/request';
import { bodyOf, mockApi, renderInApp } from '@/test/render';
import { PasswordChangePage } from './PasswordChangePage';

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('the change-password page of a password someone else set', () => {
  it('opens the change dialog by itself, which neither Escape nor a click beside it closes, and signs out once changed', async () => {
    setTokens({ token: 'access', refreshToken: 'refresh' });
    updateSession({ userId: '7', username: '李文静', mustChangePassword: true, routes: [] });
    const fetchMock = mockApi({ '/login/initialize': () => ({ title: '货代', titleEn: 'Forwarder' }), '/login/modifyPwd': () => null });
    renderInApp(
      <Routes>
        <Route path="/login" element={<div data-testid="login-page" />} />
        <Route path="*" element={<PasswordChangePage />} />
      </Routes>,
      { router: true },
    );

    // the dialog's module loads when it opens
    expect(await screen.findByTestId('password-required', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('您的密码由他人设置，请先修改密码后再继续使用')).toBeTruthy();
    expect(screen.getByText('修改登录密码')).toBeTruthy();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByTestId('password-required')).toBeTruthy();

    type('password-old', 'Reset-Pw-31');
    type('password-new', 'Own-Pw-31');
    type('password-confirm', 'Own-Pw-31');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('login-page', {}, { timeout: 5000 })).toBeTruthy();
    const change = fetchMock.mock.calls.find(([url]) => url.endsWith('/login/modifyPwd'))!;
    expect(bodyOf(change[1])).toEqual({ oldPassword: 'Reset-Pw-31', newPassword: 'Own-Pw-31' });
    // the server ended the session: nothing is asked of it to sign out, and the user is forgotten
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/login/logOut'))).toBe(false);
    await waitFor(() => expect(sessionStore.get()).toMatchObject({ userId: null, mustChangePassword: false }));
  });
});
