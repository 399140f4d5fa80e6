import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '@/shared/request';
import { renderInApp } from '@/test/render';
import { FormDialog, useFormDialog } from './FormDialog';

interface Fields {
  name: string;
}

function NameDialog({ save, onSaved, onClose }: { save: (fields: Fields) => Promise<unknown>; onSaved: () => void; onClose: () => void }) {
  const dialog = useFormDialog({ save, onSaved, onClose });
  return (
    <FormDialog dialog={dialog} title="名称" submitTestId="name-submit" initialValues={{ name: '旧名称' }}>
      <Form.Item name="name" label="名称">
        <Input data-testid="name" />
      </Form.Item>
    </FormDialog>
  );
}

function open(save: (fields: Fields) => Promise<unknown>) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderInApp(<NameDialog save={save} onSaved={onSaved} onClose={onClose} />);
  return { onSaved, onClose };
}

describe('a form dialog', () => {
  it('saves the form on OK, says so, reloads its source and closes', async () => {
    const save = vi.fn(async () => null);
    const { onSaved, onClose } = open(save);
    fireEvent.change(screen.getByTestId('name'), { target: { value: '新名称' } });
    fireEvent.click(screen.getByTestId('name-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save.mock.calls[0]).toContainEqual({ name: '新名称' });
    expect(onSaved).toHaveBeenCalled();
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('reloads and closes on a stale record, and stays open with the messages under the fields on a refusal', async () => {
    const stale = open(async () => Promise.reject(new RequestError('已被修改', 409, true, null)));
    fireEvent.click(screen.getAllByTestId('name-submit')[0]);
    await waitFor(() => expect(stale.onClose).toHaveBeenCalled());
    expect(stale.onSaved).toHaveBeenCalled();

    const refused = open(async () => Promise.reject(new RequestError('名称已存在', 400, true, { name: ['名称已存在'] })));
    fireEvent.click(screen.getAllByTestId('name-submit')[1]);
    expect(await screen.findByText('名称已存在', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(refused.onClose).not.toHaveBeenCalled();
  });

  it('closes on cancel without saving', () => {
    const save = vi.fn(async () => null);
    const { onClose } = open(save);
    fireEvent.click(screen.getByText('取 消'));
    expect(onClose).toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });
});
