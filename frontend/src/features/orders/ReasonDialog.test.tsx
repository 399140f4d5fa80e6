import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { OrderRow } from './api';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { STAGE_WORDING_QUERY_KEY } from '@/shared/orders/stageNames';

/** Every call here is the dialog's own: the lines' stage wording is loaded already (no line rewords). */
function withoutLineWording() {
  const client = new QueryClient();
  client.setQueryData(STAGE_WORDING_QUERY_KEY, []);
  return client;
}

const WAIT = { timeout: 5000 };

const order = (id: number, orderNo: string, ver: number) => ({ id, orderNo, ver, stage: 'sail', sideState: null }) as OrderRow;

function answer(status: number, message: string) {
  return new Response(JSON.stringify({ success: status === 200, code: status, message, data: status === 200 ? {} : null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function renderDialog(request: ReasonRequest) {
  const onChanged = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<ReasonDialog request={request} onClose={onClose} onChanged={onChanged} />, { client: withoutLineWording() });
  return { onChanged, onClose };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

// antd's first render in jsdom is slow on a busy machine
describe('the reason dialog', { timeout: 20_000 }, () => {
  it('needs a reason to mark orders abnormal, then marks each with its own ver', async () => {
    fetchMock.mockImplementation(async () => answer(200, '操作成功'));
    const { onChanged, onClose } = renderDialog({ action: 'abnormal', orders: [order(1, 'SB2611220001', 3), order(2, 'SB2611220002', 5)] });

    fireEvent.click(screen.getByTestId('order-reason-submit'));
    expect(await screen.findByText('请输入原因（最多 500 个字符）', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId('order-reason'), { target: { value: '外箱破损' } });
    fireEvent.click(screen.getByTestId('order-reason-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(onChanged).toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([url, init]) => [url.replace(/^.*\/api\/v1/, ''), JSON.parse(String(init.body))])).toEqual([
      ['/order/abnormal/add', { id: 1, reason: '外箱破损', ver: 3 }],
      ['/order/abnormal/add', { id: 2, reason: '外箱破损', ver: 5 }],
    ]);
  });

  it('moves back a batch, each order with its own ver', async () => {
    fetchMock.mockImplementation(async () => answer(200, '操作成功'));
    const { onClose } = renderDialog({ action: 'demote', orders: [order(1, 'SB2611220001', 3), order(2, 'SB2611220002', 5)] });
    expect(screen.getByText('退回上一阶段')).toBeTruthy();
    fireEvent.change(screen.getByTestId('order-reason'), { target: { value: '资料有误' } });
    fireEvent.click(screen.getByTestId('order-reason-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(fetchMock.mock.calls.map(([url, init]) => [url.replace(/^.*\/api\/v1/, ''), JSON.parse(String(init.body))])).toEqual([
      ['/order/demotion/1', { reason: '资料有误', ver: 3 }],
      ['/order/demotion/2', { reason: '资料有误', ver: 5 }],
    ]);
  });

  it('revokes in batch each order’s own side state, asking no reason, and lists an order that has none', async () => {
    fetchMock.mockImplementation(async () => answer(200, '操作成功'));
    const held = (id: number, orderNo: string, sideState: string | null) => ({ ...order(id, orderNo, id + 1), sideState }) as OrderRow;
    renderDialog({ action: 'revoke', orders: [held(1, 'SB2611220001', 'abnormal'), held(2, 'SB2611220002', 'detain'), held(3, 'SB2611220003', null)] });
    expect(screen.queryByTestId('order-reason')).toBeNull();
    fireEvent.click(screen.getByTestId('order-reason-submit'));
    expect(await screen.findByText(/SB2611220003: 未处于异常、扣货或作废状态/, undefined, WAIT)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url, init]) => [url.replace(/^.*\/api\/v1/, ''), JSON.parse(String(init.body))])).toEqual([
      ['/order/abnormal/revoke/1', { ver: 2 }],
      ['/order/detain/revoke/2', { ver: 3 }],
    ]);
  });

  it('voids without a reason, by a DELETE carrying the ver', async () => {
    fetchMock.mockImplementation(async () => answer(200, '操作成功'));
    const { onClose } = renderDialog({ action: 'void', orders: [order(7, 'SB2611220007', 2)] });
    fireEvent.click(screen.getByTestId('order-reason-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toMatch(/\/order\/delete\/7$/);
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ reason: null, ver: 2 });
  });

  it('lists the orders it could not change (a stale ver) and reloads the list', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, '操作成功')).mockResolvedValueOnce(answer(409, '数据已被他人修改，请刷新后重试'));
    const { onChanged, onClose } = renderDialog({ action: 'detain', orders: [order(1, 'SB2611220001', 3), order(2, 'SB2611220002', 5)] });
    fireEvent.change(screen.getByTestId('order-reason'), { target: { value: '未付款' } });
    fireEvent.click(screen.getByTestId('order-reason-submit'));

    expect(await screen.findByText(/1 个订单已处理/, undefined, WAIT)).toBeTruthy();
    expect(screen.getByTestId('order-reason-dialog').textContent).toContain('SB2611220002: 数据已被他人修改，请刷新后重试');
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
