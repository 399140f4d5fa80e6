import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@/test/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRow } from './api';
import { UpgradeDialog, type UpgradeRequest } from './UpgradeDialog';
import { STAGE_WORDING_QUERY_KEY } from '@/shared/orders/stageNames';

/** Every call here is the dialog's own: the lines' stage wording is loaded already (no line rewords). */
function withoutLineWording() {
  const client = new QueryClient();
  client.setQueryData(STAGE_WORDING_QUERY_KEY, []);
  return client;
}

const WAIT = { timeout: 5000 };

const order = (id: number, orderNo: string, fields: Partial<OrderRow> = {}) =>
  ({ id, orderNo, stage: 'prepareCabinet', sideState: null, ...fields }) as OrderRow;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function renderDialog(request: UpgradeRequest, onMoved = vi.fn()) {
  render(
    <App>
      <QueryClientProvider client={withoutLineWording()}>
        <UpgradeDialog shipType="smallbag" request={request} onClose={() => undefined} onMoved={onMoved} />
      </QueryClientProvider>
    </App>,
  );
  return onMoved;
}

const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0][1].body)) as Record<string, unknown>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

// antd's first render in jsdom is slow on a busy machine
describe('the upgrade dialog', { timeout: 20_000 }, () => {
  it('asks a container and a seal to load a sea order and sends them with the batch', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, code: 200, message: '已将 2 个订单升级到“完成装柜”', data: { count: 2 } }));
    const onMoved = renderDialog({ stage: 'completeCabinet', orders: [order(1, 'SB2611220001'), order(2, 'SB2611220002')] });

    fireEvent.click(screen.getByTestId('order-upgrade-submit'));
    expect(await screen.findByText('请输入柜号', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('请输入封条号', undefined, WAIT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('order-upgrade-containerNo'), { target: { value: 'MSCU1234566' } });
    fireEvent.change(screen.getByTestId('order-upgrade-sealNo'), { target: { value: 'S-88' } });
    fireEvent.click(screen.getByTestId('order-upgrade-submit'));
    await waitFor(() => expect(onMoved).toHaveBeenCalled(), WAIT);
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/api\/v1\/order\/upgrade\/completeCabinet$/);
    expect(sentBody()).toEqual({ ids: [1, 2], containerNo: 'MSCU1234566', sealNo: 'S-88', location: null });
  });

  it('offers no field when it says the stage needs no data, and the location with the data of a stage that has some', async () => {
    renderDialog({ stage: 'dismantleCabinet', orders: [order(1, 'SB2611220001', { stage: 'arriveCabinet' })] });
    const dialog = await screen.findByTestId('order-upgrade-dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('此阶段无需填写数据');
    expect(dialog.querySelectorAll('input')).toHaveLength(0);
    expect(screen.queryByTestId('order-upgrade-location')).toBeNull();
  });

  it('offers the location beside the stage data', async () => {
    renderDialog({ stage: 'completeCabinet', orders: [order(1, 'SB2611220001')] });
    expect(await screen.findByTestId('order-upgrade-location', undefined, WAIT)).toBeTruthy();
    expect(screen.getByTestId('order-upgrade-dialog').textContent).not.toContain('此阶段无需填写数据');
  });

  it('checks the container number as the server does before moving', async () => {
    renderDialog({ stage: 'completeCabinet', orders: [order(1, 'SB2611220001', { sealNo: 'S-1' })] });
    fireEvent.change(screen.getByTestId('order-upgrade-containerNo'), { target: { value: 'MSCU1234567' } });
    fireEvent.click(screen.getByTestId('order-upgrade-submit'));
    expect(await screen.findByText('集装箱号校验位错误：计算得到的校验位为 6', undefined, WAIT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills in the container the orders share and no longer requires it', async () => {
    renderDialog({ stage: 'completeCabinet', orders: [order(1, 'SB2611220001', { containerNo: 'MSCU1234566', sealNo: 'S-1' })] });
    expect(screen.getByTestId<HTMLInputElement>('order-upgrade-containerNo').value).toBe('MSCU1234566');
    expect(screen.getByTestId<HTMLInputElement>('order-upgrade-sealNo').value).toBe('S-1');
  });

  it('lists every order the server refused, and moves nothing', async () => {
    const refusals = ['订单 SB2611220001 当前为“入仓”，只有“准备装柜”的订单可以升级到“完成装柜”', '订单 SB2611220002 已被标记为异常'];
    fetchMock.mockResolvedValue(answer(400, { success: false, code: 400, message: JSON.stringify({ ids: refusals }), data: null }));
    const onMoved = renderDialog({
      stage: 'customs',
      orders: [order(1, 'SB2611220001', { customsDeclarationNo: 'C-1' }), order(2, 'SB2611220002', { customsDeclarationNo: 'C-1' })],
    });

    fireEvent.click(screen.getByTestId('order-upgrade-submit'));
    const list = await screen.findByTestId('order-upgrade-refusals', undefined, WAIT);
    expect(list.textContent).toContain(refusals[0]);
    expect(list.textContent).toContain(refusals[1]);
    expect(onMoved).not.toHaveBeenCalled();
  });

  it('names the orders lacking the weights for the warehouse and does not send the move', () => {
    renderDialog({ stage: 'warehouse', orders: [order(3, 'SB2611220003', { stage: 'created', packages: 2, grossWeight: null, volume: 0.1 })] });
    expect(screen.getByTestId('order-upgrade-dialog').textContent).toContain('SB2611220003: 毛重(kg)');
    expect(screen.getByTestId<HTMLButtonElement>('order-upgrade-submit').disabled).toBe(true);
  });
});
