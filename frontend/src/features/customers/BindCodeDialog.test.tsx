import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Menu } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderInApp } from '@/test/render';
import { useBindCodeMenuItems } from './BindCodeDialog';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
/** the search waits for typing to pause; a busy test run needs more than the default second */
const WAIT = { timeout: 5000 };

const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  if (url.endsWith('/customers/take/list')) {
    const { key } = JSON.parse(String(init.body)) as { key: string };
    return envelope([{ id: 7, name: `${key} 贸易有限公司` }]);
  }
  if (url.endsWith('/customers/bindcode/7'))
    return envelope({ bind_code: 'c0ffee', expire_seconds: 1800, lefeng_url: QR, wechat_url: 'https://x/bind?code=c0ffee' });
  throw new Error(`unexpected ${url}`);
});

function AvatarMenuHarness() {
  return <Menu items={useBindCodeMenuItems()} />;
}

const renderMenu = (permissions: string[]) => renderInApp(<AvatarMenuHarness />, { access: { roles: [], permissions, isSuperAdmin: false } });

const searchInput = () => screen.getByTestId('bind-code-dialog').querySelector('input') as HTMLInputElement;

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // the copy fallback of insecure pages; jsdom cannot copy either
  document.execCommand = vi.fn(() => false);
});

describe('the binding code dialog', () => {
  it('is offered in the avatar menu only with a binding code permission', () => {
    renderMenu(['customers:list']);
    expect(screen.queryByTestId('avatar-bind-code')).toBeNull();
  });

  it('searches customers only once text is entered, then shows the QR image and copies the code', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    renderMenu(['topbar:bindcode']);

    fireEvent.click(screen.getByTestId('avatar-bind-code'));
    expect((await screen.findByRole('dialog')).textContent).toContain('生成客户绑定码');
    expect(screen.getByText('二维码区域')).toBeTruthy();
    expect(screen.getByText('复制二维码发送给客户')).toBeTruthy();
    expect(screen.getByTestId('bind-code-copy').hasAttribute('disabled')).toBe(true);

    // opening the list searches nothing, however long one waits (past the search's pause, on a fake clock)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.mouseDown(searchInput());
      await vi.advanceTimersByTimeAsync(1000);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }

    fireEvent.change(searchInput(), { target: { value: '环球' } });
    const option = await screen.findByText('环球 贸易有限公司', undefined, WAIT);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({ key: '环球' });
    fireEvent.click(option);

    const image = await screen.findByTestId<HTMLImageElement>('bind-code-qr', undefined, WAIT);
    expect(image.getAttribute('src')).toBe(QR);
    await waitFor(() => expect(screen.getByTestId('bind-code-copy').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('bind-code-copy'));
    expect(await screen.findByText('复制绑定码成功')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('c0ffee');
  });

  it('says so when the code cannot be copied', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    vi.stubGlobal('isSecureContext', true);
    renderMenu(['customers:bindcode']);
    fireEvent.click(screen.getByTestId('avatar-bind-code'));
    // the dialog's body loads when first opened
    await screen.findByTestId('bind-code-dialog');
    fireEvent.mouseDown(searchInput());
    fireEvent.change(searchInput(), { target: { value: '环球' } });
    fireEvent.click(await screen.findByText('环球 贸易有限公司', undefined, WAIT));
    await screen.findByTestId('bind-code-qr', undefined, WAIT);
    fireEvent.click(screen.getByTestId('bind-code-copy'));
    expect(await screen.findByText('复制绑定码失败')).toBeTruthy();
  });
});
