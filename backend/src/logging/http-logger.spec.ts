import { loggedPath } from './http-logger.js';

describe('loggedPath', () => {
  it('drops the query string, where signed links and access tokens travel', () => {
    expect(loggedPath('/files/2026/11/a.png?expires=1700000000&signature=abc', [])).toBe('/files/2026/11/a.png');
    expect(loggedPath('/chathub?id=x&access_token=eyJ', [])).toBe('/chathub');
  });

  it('masks the segment after a secret path and secret name=value pairs', () => {
    expect(loggedPath('/t/3q2+7w?lang=en', ['/t'])).toBe('/t/******');
    expect(loggedPath('/toys/1', ['/t'])).toBe('/toys/1');
    expect(loggedPath('/api/v1/x/token=abc', [])).toBe('/api/v1/x/token=******');
  });
});
