import { describe, expect, it } from 'vitest';
import { statusText } from './statusText';

describe('statusText', () => {
  it('has a Chinese and an English text for every status of the catalogue', () => {
    for (const status of [0, 200, 201, 202, 204, 400, 401, 402, 403, 404, 406, 410, 500, 502, 503, 504]) {
      expect(statusText(status, 'zh')).not.toMatch(/请求失败/);
      expect(statusText(status, 'en')).not.toMatch(/Request failed/);
    }
  });

  it('explains the usual failures', () => {
    expect(statusText(0, 'zh')).toBe('网络连接中断，无法获得服务器的响应');
    expect(statusText(404, 'zh')).toBe('访问的资源不存在');
    expect(statusText(504, 'en')).toBe('Gateway timeout');
  });

  it('names the status when the catalogue has no text for it', () => {
    expect(statusText(418, 'zh')).toBe('请求失败（418）');
    expect(statusText(418, 'en')).toBe('Request failed (418)');
  });
});
