import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffForm, type StaffFormValues } from './StaffForm';

/** The pickers' calls answer with nothing to pick; jsdom lacks the ResizeObserver the role select measures with. */
function stubBrowser() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.includes('/role/list') ? { items: [], pageIndex: 1, pageSize: 200, totalCount: 0, totalPage: 0 } : [];
      return new Response(JSON.stringify({ success: true, code: 200, message: '', data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

function AddForm({ onFinish }: { onFinish: (values: StaffFormValues) => void }) {
  const [form] = Form.useForm<StaffFormValues>();
  return (
    <>
      <StaffForm form={form} mode="add" onFinish={onFinish} />
      <Button onClick={() => form.submit()} data-testid="submit">
        save
      </Button>
    </>
  );
}

function renderForm(onFinish = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <AddForm onFinish={onFinish} />
      </App>
    </QueryClientProvider>,
  );
  return onFinish;
}

/** A field's error message (validation runs asynchronously: give a busy machine time). */
const shown = (text: string) => screen.findByText(text, { selector: '.ant-form-item-explain-error' }, { timeout: 10_000 });

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

// antd forms render slowly in jsdom, more so on a busy machine
describe('StaffForm (add)', { timeout: 30_000 }, () => {
  beforeEach(stubBrowser);

  it('asks for the account, password, job number, name and unit, as the server does', async () => {
    const onFinish = renderForm();
    fireEvent.click(screen.getByTestId('submit'));
    for (const message of ['账号不能为空', '密码不能为空', '工号不能为空', '姓名不能为空', '请选择所属组织']) {
      expect(await shown(message)).toBeTruthy();
    }
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('refuses a malformed account and a password outside 6 to 20 characters', async () => {
    renderForm();
    type('staff-account', 'a b');
    type('staff-password', '12345');
    fireEvent.click(screen.getByTestId('submit'));
    expect(await shown('账号为 3 到 50 位字母、数字或 . _ -')).toBeTruthy();
    expect(await shown('密码长度为 6 到 20 位')).toBeTruthy();
  });

  it('lets a valid account and password through its own checks', async () => {
    renderForm();
    type('staff-account', 'li.wen_01');
    type('staff-password', 'secret1');
    fireEvent.click(screen.getByTestId('submit'));
    await shown('工号不能为空');
    await waitFor(() => {
      expect(screen.queryByText('账号为 3 到 50 位字母、数字或 . _ -')).toBeNull();
      expect(screen.queryByText('密码长度为 6 到 20 位')).toBeNull();
    });
  });
});
