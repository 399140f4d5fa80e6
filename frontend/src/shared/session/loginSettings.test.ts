import { describe, expect, it, vi } from 'vitest';
import { serveData } from '@/test/render';

describe('the login settings', () => {
  it('asks the server once for the calls made meanwhile and after, and again when asked for a fresh answer', async () => {
    // a copy of the module of its own: the answer it keeps is the process's, and the files of a worker share
    // their modules (vitest.config.ts, isolate: false), so an earlier file's sign-in page may have filled it
    vi.resetModules();
    const { loadLoginSettings } = await import('./loginSettings');
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
