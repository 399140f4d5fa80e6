import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { DeployPage } from './DeployPage';

const choices = [
  { value: 'warehouse', label: '已入仓', labelEn: 'In warehouse' },
  { value: 'sail', label: '已开船', labelEn: 'Sailed' },
  { value: 'arriveCabinet', label: '已到港', labelEn: 'Arrived at port' },
];
const milestones = {
  key: 'mail.milestones',
  value: ['warehouse'],
  default: ['warehouse', 'sail'],
  type: 'stringList',
  group: 'mail',
  label: '发送邮件的订单节点',
  labelEn: 'Order milestones that send an e-mail',
  choices,
  stored: true,
  ver: 3,
  updatedAt: null,
  updatedBy: null,
};

beforeEach(() => setLanguage('zh'));

describe('a list parameter with fixed choices (the milestones that send an e-mail)', { timeout: 60_000 }, () => {
  it('is picked from its choices by name and saved as the list of their values', async () => {
    const fetchMock = mockApi({
      '/deploy/list': () => [milestones],
      '/deploy/update': (_, init) => ({ ...milestones, value: bodyOf(init).value, ver: 4 }),
    });
    renderWithProviders(<DeployPage />, { permissions: ['deploy:modify'] });
    const row = await screen.findByTestId('setting-mail.milestones');
    expect(screen.getByTestId('deploy-page').textContent).toContain('客户邮件');
    // the stored value and the default in words, not codes
    expect(row.textContent).toContain('已入仓');
    expect(row.textContent).toContain('默认');
    expect(row.textContent).toContain('已入仓, 已开船');
    fireEvent.mouseDown(within(screen.getByTestId('setting-choices-mail.milestones')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('已到港'));
    await waitFor(() => expect(screen.getByTestId('setting-save-mail.milestones').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('setting-save-mail.milestones'));
    await waitFor(
      () => {
        const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/deploy/update'));
        expect(call && bodyOf(call[1])).toEqual({ key: 'mail.milestones', value: ['warehouse', 'arriveCabinet'], ver: 3 });
      },
      { timeout: 10_000 },
    );
  });
});
