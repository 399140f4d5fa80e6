import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, fillPath, type Schema } from '@/shared/api';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, code: 200, message: '', data }), { headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer({ id: 7 }));
  vi.stubGlobal('fetch', fetchMock);
});

describe('calls typed by the contract', () => {
  it('fills the path parameters, URL-encoded', () => {
    expect(fillPath('/customers/detail/{id}', { id: 7 })).toBe('/customers/detail/7');
    expect(fillPath('/dict/detail/item/{dictCode}', { dictCode: 'a/b c' })).toBe('/dict/detail/item/a%2Fb%20c');
    expect(() => fillPath('/customers/detail/{id}', {})).toThrow('needs the parameter "id"');
  });

  it('sends the method, the filled path and the body, and answers the envelope data', async () => {
    const detail = await api.get('/customers/detail/{id}', { path: { id: 7 } });
    expect(detail).toEqual({ id: 7 });
    await api.post('/customers/release', { body: { id: 7, ver: 1, reason: '不再跟进' } });
    await api.delete('/customers/delete/{id}', { path: { id: 9 } });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init.method, init.body ?? null])).toEqual([
      ['/api/v1/customers/detail/7', 'GET', null],
      ['/api/v1/customers/release', 'POST', JSON.stringify({ id: 7, ver: 1, reason: '不再跟进' })],
      ['/api/v1/customers/delete/9', 'DELETE', null],
    ]);
  });

  it('takes its types from the contract (checked by the type checker)', () => {
    expectTypeOf(api.get<'/customers/detail/{id}'>).returns.resolves.toEqualTypeOf<Schema<'CustomerDetail'>>();
    const typeChecks = () => {
      // @ts-expect-error a path the server does not have
      void api.get('/customers/no-such-path');
      // @ts-expect-error the path parameter is required
      void api.get('/customers/detail/{id}');
      // @ts-expect-error a body of the wrong shape
      void api.post('/customers/release', { body: { id: 'seven' } });
      // @ts-expect-error the method the contract has for this path is POST
      void api.get('/customers/release');
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
