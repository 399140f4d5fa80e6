import { screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, updateSession } from '@/shared/session/store';
import { node } from '@/test/routeNodes';
import { serveData, render } from '@/test/render';
import { AppLayout } from './AppLayout';

/** Two lines whose order lists share a title, as the server's menus have them. */
const routes = [
  node('/smallbag', { title: '小包专线' }, [node('/smallbag/all', { title: '全部订单' })]),
  node('/air', { title: '空运' }, [node('/air/all', { title: '全部订单' })]),
  node('/index', { title: '工作台' }),
];

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        <AppLayout />
      </App>
    </MemoryRouter>,
  );

beforeEach(() => {
  serveData(() => null);
  vi.stubGlobal('innerWidth', 390);
  updateSession({ routes, userId: '1', username: '张晓明', account: 'op01' });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the shell on a phone', () => {
  it("names the page as the desktop's tab does, the line told apart, in its one main landmark's one h1 and in the browser tab", async () => {
    at('/smallbag/all');
    expect(await screen.findByTestId('mobile-notice')).toBeTruthy();
    const main = document.querySelectorAll('main');
    expect(main).toHaveLength(1);
    const headings = document.querySelectorAll('h1');
    expect(headings).toHaveLength(1);
    expect(main[0].contains(headings[0])).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('小包专线·全部订单');
    await waitFor(() => expect(document.title).toMatch(/^小包专线·全部订单 - /));
  });

  it('names a page of a title of its own by that title alone', async () => {
    at('/index');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('工作台');
  });
});
