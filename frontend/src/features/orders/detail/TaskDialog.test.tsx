import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { setTokens } from '@/shared/request';
import { envelope, renderWithProviders } from '@/test/render';
import { TaskDialog } from './OrderWorkTab';

const ORDER_ID = 7;

const fetchMock = vi.fn(async (url: string): Promise<Response> => {
  const path = url.replace('/api/v1', '');
  if (path === `/order/work/record/assignees/${ORDER_ID}`) {
    return envelope([
      { id: 3, fullName: '李文静', account: 'op01' },
      { id: 5, fullName: '赵雨婷', account: 'cs01' },
    ]);
  }
  throw new Error(`unexpected ${path}`);
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ token: 'access', refreshToken: 'refresh' });
  setLanguage('zh');
});

describe('TaskDialog', () => {
  it('offers as assignees only the staff the server says can take a task on this order', async () => {
    renderWithProviders(<TaskDialog orderId={ORDER_ID} onClose={() => undefined} onSaved={() => undefined} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining(`/order/work/record/assignees/${ORDER_ID}`), expect.anything()));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const shown = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    await waitFor(() => expect(shown()).toEqual(['李文静（op01）', '赵雨婷（cs01）']));
  });
});
