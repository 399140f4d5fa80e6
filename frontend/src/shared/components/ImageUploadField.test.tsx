import { render } from '@/test/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { setTokens } from '@/shared/request';
import { ImageUploadField } from './ImageUploadField';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  setLanguage('zh');
  setTokens({ token: 'access', refreshToken: 'refresh' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('ImageUploadField', () => {
  it('uploads a picked file through the request client: under an Idempotency-Key, sent again under it when the answer was lost', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(
      new Response(JSON.stringify({ success: true, code: 200, message: '', data: { id: 9, url: '/files/a.png' } }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const values = vi.fn();
    render(
      <App>
        <Form onValuesChange={(_, all) => values(all)}>
          <ImageUploadField name="images" label="附件" maxCount={2} anyFile testId="images" />
        </Form>
      </App>,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(
      () =>
        expect(values).toHaveBeenLastCalledWith({
          images: [expect.objectContaining({ status: 'done', response: { success: true, message: '', data: { id: 9, url: '/files/a.png' } } })],
        }),
      {
        timeout: 3000,
      },
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [[url, first], [, second]] = fetchMock.mock.calls;
    expect(url).toBe('/api/v1/file/update?use=document');
    expect(new Headers(first.headers).get('Authorization')).toBe('Bearer access');
    expect(new Headers(first.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Headers(second.headers).get('Idempotency-Key')).toBe(new Headers(first.headers).get('Idempotency-Key'));
    expect(screen.queryByText(/上传失败/)).toBeNull();
  });
});
