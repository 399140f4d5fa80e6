import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { MailLogPage } from './MailLogPage';

const row = (id: number, status: string, over: Record<string, unknown> = {}) => ({
  id,
  status,
  recipient: `c${id}@example.com`,
  subject: `【货代业务管理系统】订单 DL${id}：已开船`,
  orderId: id,
  orderNo: `DL${id}`,
  shipType: 'airtransport',
  stage: 'sail',
  customerId: 1,
  customerName: '邮件客户甲',
  salesmanId: 2,
  salesmanName: '业务员一',
  language: 'zh',
  attempts: status === 'failed' ? 5 : 1,
  lastError: status === 'failed' ? '451 mailbox busy' : null,
  nextAttemptAt: '2026-11-29T01:00:00Z',
  sentAt: status === 'sent' ? '2026-11-29T01:00:00Z' : null,
  createdAt: '2026-11-29T00:59:00Z',
  updatedAt: '2026-11-29T01:00:00Z',
  ...over,
});
const rows = [row(1, 'sent'), row(2, 'failed'), row(3, 'unsent', { lastError: 'Not sent: no SMTP configured (SMTP_URL)' })];
const airWords = [{ dictCode: 'stageName_airtransport', value: 'stage_sail', dictName: '已起飞', dictNameEn: 'Departed' }];

function serve() {
  return mockApi({
    '/log/mail/list': () => ({ items: rows, pageIndex: 1, pageSize: 20, totalCount: 3, totalPage: 1 }),
    '/log/mail/detail/2': () => ({
      ...rows[1],
      sender: '货代业务管理系统 <noreply@localhost>',
      body: '王五，您好：\n订单号：DL2\n货物跟踪：（跟踪链接在发送时生成）',
    }),
    '/log/mail/retry/2': () => ({ ...rows[1], status: 'queued', attempts: 0 }),
    '/dict/classify/item/stageName': () => airWords,
    '/user/preference/list.log-mail': () => ({ name: 'list.log-mail', value: null, updatedAt: null }),
  });
}

beforeEach(() => setLanguage('zh'));

describe('the mail outbox (/log/mail)', { timeout: 60_000 }, () => {
  it('lists the mails with their status, the stage in the line’s words, attempts and last error; a failed or unsent one may be sent again', async () => {
    serve();
    renderWithProviders(<MailLogPage />, { permissions: ['log:mail'] });
    const page = await screen.findByTestId('log-mail');
    await waitFor(() => expect(page.textContent).toContain('c2@example.com'));
    expect(page.textContent).toContain('已发送');
    expect(page.textContent).toContain('发送失败');
    expect(page.textContent).toContain('未发送（未配置 SMTP）');
    expect(page.textContent).toContain('已起飞');
    expect(page.textContent).toContain('451 mailbox busy');
    expect(within(page).queryByTestId('mail-retry-1')).toBeNull();
    expect(within(page).getByTestId('mail-retry-2')).toBeTruthy();
    expect(within(page).getByTestId('mail-retry-3')).toBeTruthy();
  });

  it('filters by status', async () => {
    const fetchMock = serve();
    renderWithProviders(<MailLogPage />, { permissions: ['log:mail'] });
    const page = await screen.findByTestId('log-mail');
    await waitFor(() => expect(page.textContent).toContain('c2@example.com'));
    fireEvent.mouseDown(within(screen.getByTestId('mail-filter-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('发送失败'));
    fireEvent.click(page.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/log/mail/list') && bodyOf(init).status === 'failed')).toBe(true));
  });

  it('shows a mail’s text and sends it again from there', async () => {
    const fetchMock = serve();
    renderWithProviders(<MailLogPage />, { permissions: ['log:mail'] });
    const page = await screen.findByTestId('log-mail');
    await waitFor(() => expect(page.textContent).toContain('c2@example.com'));
    const failedRow = within(page).getByText('c2@example.com').closest('tr')!;
    fireEvent.click(within(failedRow as HTMLElement).getByText('详情'));
    const body = await screen.findByTestId('mail-body');
    expect(body.textContent).toContain('货物跟踪：（跟踪链接在发送时生成）');
    expect(screen.getByText('货代业务管理系统 <noreply@localhost>')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mail-detail-retry'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/log/mail/retry/2') && init.method === 'POST')).toBe(true), {
      timeout: 10_000,
    });
    expect(await screen.findByText('已重新加入发送队列')).toBeTruthy();
  });

  it('speaks English', async () => {
    setLanguage('en');
    serve();
    renderWithProviders(<MailLogPage />, { permissions: ['log:mail'] });
    const page = await screen.findByTestId('log-mail');
    await waitFor(() => expect(page.textContent).toContain('c2@example.com'));
    expect(page.textContent).toContain('Not sent (no SMTP)');
    expect(page.textContent).toContain('Departed');
    expect(page.textContent).toContain('Send again');
  });
});
