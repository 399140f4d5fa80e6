import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
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

interface Named {
  name: string;
}

const namedValues = (record: Named): Partial<Fields> => ({ name: record.name });
const BLANK: Partial<Fields> = { name: '' };

/** A list keeping its dialog mounted: opened on a record, or on nothing for a new one. */
function KeptDialog() {
  const [opened, setOpened] = useState<{ record: Named | null } | null>(null);
  const close = () => setOpened(null);
  const dialog = useFormDialog({
    save: async () => null,
    onSaved: () => undefined,
    onClose: close,
    opening: { open: opened !== null, record: opened?.record ?? null, valuesOf: namedValues, blank: BLANK },
  });
  return (
    <>
      <button onClick={() => setOpened({ record: { name: '上海' } })}>edit</button>
      <button onClick={() => setOpened({ record: null })}>add</button>
      <FormDialog dialog={dialog} title="名称">
        <Form.Item name="name" label="名称">
          <Input data-testid="kept-name" />
        </Form.Item>
      </FormDialog>
    </>
  );
}

describe('a form dialog', () => {
  it('kept mounted, shows only while open, each time on the record it opens on or on blanks', async () => {
    renderInApp(<KeptDialog />);
    const name = () => screen.getByTestId<HTMLInputElement>('kept-name');
    expect(screen.queryByTestId('kept-name')).toBeNull();
    fireEvent.click(screen.getByText('edit'));
    await waitFor(() => expect(name().value).toBe('上海'));
    fireEvent.click(screen.getByText('取 消'));
    await waitFor(() => expect(screen.queryByTestId('kept-name')).toBeNull());
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(name().value).toBe(''));
  });

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
