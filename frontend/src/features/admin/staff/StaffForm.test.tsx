import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { renderInApp, serveData } from '@/test/render';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffForm, type StaffFormValues } from './StaffForm';

/** The pickers' calls answer with nothing to pick. */
function stubBrowser() {
  serveData((url) => (url.includes('/role/list') ? { items: [], pageIndex: 1, pageSize: 200, totalCount: 0, totalPage: 0 } : []));
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
  renderInApp(<AddForm onFinish={onFinish} />);
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
