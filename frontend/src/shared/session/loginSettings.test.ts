import { describe, expect, it } from 'vitest';
import { serveData } from '@/test/render';
import { loadLoginSettings } from './loginSettings';

describe('the login settings', () => {
  it('asks the server once for the calls made meanwhile and after, and again when asked for a fresh answer', async () => {
    let asked = 0;
    const fetchMock = serveData(() => ({ publicKey: `key ${(asked += 1)}`, title: '货代', titleEn: 'Forwarder' }));
    const [first, second] = await Promise.all([loadLoginSettings(), loadLoginSettings()]);
    expect([first.publicKey, second.publicKey]).toEqual(['key 1', 'key 1']);
    expect((await loadLoginSettings()).publicKey).toBe('key 1');
    expect((await loadLoginSettings({ fresh: true })).publicKey).toBe('key 2');
    expect((await loadLoginSettings()).publicKey).toBe('key 2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
