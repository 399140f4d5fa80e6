import { urlPath } from './url-path.js';

describe('urlPath', () => {
  it('is the URL before its query string, or the whole URL when it has none', () => {
    expect(urlPath('/api/v1/order/list?page=2&size=20')).toBe('/api/v1/order/list');
    expect(urlPath('/api/v1/order/list')).toBe('/api/v1/order/list');
    expect(urlPath('/files/a.png?x=1?y=2')).toBe('/files/a.png');
    expect(urlPath('?only=query')).toBe('');
    expect(urlPath('')).toBe('');
  });
});
