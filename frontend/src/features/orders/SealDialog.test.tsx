import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { isSealable, SealDialog, sealOffered, type SealableOrder } from './SealDialog';

const WAIT = { timeout: 5000 };

const order = (id: number, orderNo: string, fields: Partial<SealableOrder> = {}): SealableOrder => ({
  id,
  orderNo,
  shipType: 'dedicatedline',
  stage: 'prepareCabinet',
  sideState: null,
  containerNo: null,
  sealNo: null,
  ...fields,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0][1].body)) as Record<string, unknown>;

function renderDialog(orders: SealableOrder[]) {
  const onSealed = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<SealDialog orders={orders} onClose={onClose} onSealed={onSealed} />);
  const type = (containerNo: string, sealNo: string) => {
    fireEvent.change(screen.getByTestId('order-seal-containerNo'), { target: { value: containerNo } });
    fireEvent.change(screen.getByTestId('order-seal-sealNo'), { target: { value: sealNo } });
    fireEvent.click(screen.getByTestId('order-seal-submit'));
  };
  return { onSealed, onClose, type };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the seal registration dialog', { timeout: 20_000 }, () => {
  it('asks for both numbers and sends nothing until they are entered', async () => {
    renderDialog([order(1, 'DL2611220001')]);
    fireEvent.click(screen.getByTestId('order-seal-submit'));
    expect(await screen.findByText('请输入柜号', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('请输入封条号', undefined, WAIT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong check digit, naming the computed one', 'CSQU3054384', '集装箱号校验位错误：计算得到的校验位为 3'],
    ['a wrong check digit whatever the category letter', 'CSQX3054383', '集装箱号校验位错误：计算得到的校验位为 2'],
    ['a number of the wrong shape', 'CSQ3054383', '柜号应为 4 个字母加 7 位数字（如 CSQU3054383）'],
    ['a wrong category letter', 'CSQX3054382', '柜号第 4 个字母是设备类别，应为 U、J 或 Z'],
  ])('refuses %s with the same message as the server', async (_, containerNo, refusal) => {
    const { type } = renderDialog([order(1, 'DL2611220001')]);
    type(containerNo, 'SL01');
    expect(await screen.findByText(refusal, undefined, WAIT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the container number normalised for every chosen order, says so and refreshes', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, code: 200, message: '已为 2 个订单登记柜号 CSQU3054383', data: { count: 2 } }));
    const { type, onSealed, onClose } = renderDialog([order(1, 'DL2611220001'), order(2, 'DL2611220002')]);
    type(' csqu 305438-3 ', ' SL778899 ');
    await waitFor(() => expect(onSealed).toHaveBeenCalled(), WAIT);
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/api\/v1\/order\/seal$/);
    expect(sentBody()).toEqual({ ids: [1, 2], containerNo: 'CSQU3054383', sealNo: 'SL778899' });
    expect(await screen.findByText('已为 2 个订单登记柜号 CSQU3054383', undefined, WAIT)).toBeTruthy();
  });

  it('shows the orders the server refused and the field it faulted, changing nothing', async () => {
    const refusals = ['订单 DL2611220002 已被标记为异常'];
    fetchMock.mockResolvedValue(
      answer(400, { success: false, code: 400, message: JSON.stringify({ ids: refusals, sealNo: ['请输入封条号（最多 30 个字符）'] }), data: null }),
    );
    const { type, onSealed } = renderDialog([order(1, 'DL2611220001'), order(2, 'DL2611220002')]);
    type('MSCU1234566', 'SL01');
    expect((await screen.findByTestId('order-seal-refusals', undefined, WAIT)).textContent).toContain(refusals[0]);
    expect(await screen.findByText('请输入封条号（最多 30 个字符）', undefined, WAIT)).toBeTruthy();
    expect(onSealed).not.toHaveBeenCalled();
  });

  it('is offered on the sea screens of the warehouse and loading stages to holders of order:seal', () => {
    const may = (permission: string) => permission === 'order:seal';
    expect(['warehouse', 'prepareCabinet'].map((view) => sealOffered('dedicatedline', view, may))).toEqual([true, true]);
    expect(sealOffered('dedicatedline', 'completeCabinet', may)).toBe(false);
    expect(sealOffered('airtransport', 'warehouse', may)).toBe(false);
    expect(sealOffered('dedicatedline', 'warehouse', () => false)).toBe(false);
    expect(isSealable(order(1, 'A'))).toBe(true);
    expect([order(1, 'A', { sideState: 'abnormal' }), order(2, 'B', { stage: 'customs' }), order(3, 'C', { shipType: 'airtransport' })].some(isSealable)).toBe(
      false,
    );
  });
});
