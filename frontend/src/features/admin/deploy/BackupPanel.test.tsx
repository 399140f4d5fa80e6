import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderInApp } from '@/test/render';
import { BackupPanel } from './BackupPanel';

/** The 27th and 26th are encrypted (.tar.enc), the older ones not. */
const archive = (n: number) => ({
  name: `forwarder-backup-202611${String(n).padStart(2, '0')}-020000.tar${n >= 26 ? '.enc' : ''}`,
  bytes: 3 * 1024 * 1024,
  takenAt: `2026-11-${String(n).padStart(2, '0')}T02:00:00.000Z`,
  encrypted: n >= 26,
});

let lastRun: object | null;
let encrypted = true;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  if (!url.endsWith('/deploy/backups')) throw new Error(`unexpected ${url}`);
  const { pageIndex, pageSize } = JSON.parse(String(init.body)) as { pageIndex: number; pageSize: number };
  const all = [27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map(archive);
  return envelope({
    lastRun,
    encrypted,
    archives: {
      items: all.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
      pageIndex,
      pageSize,
      totalCount: all.length,
      totalPage: Math.ceil(all.length / pageSize),
    },
  });
});

beforeEach(() => {
  encrypted = true;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the backups of the system parameters page', () => {
  it('shows the last scheduled backup and pages through the archives', async () => {
    lastRun = {
      status: 'ok',
      startedAt: '2026-11-27T02:00:00.000Z',
      finishedAt: '2026-11-27T02:00:02.000Z',
      durationMs: 1834,
      file: archive(27).name,
      bytes: 3 * 1024 * 1024,
      message: '{}',
    };
    renderInApp(<BackupPanel />);
    const last = await screen.findByTestId('backup-last-run');
    await waitFor(() => expect(last.textContent).toContain('成功'));
    expect(last.textContent).toContain(archive(27).name);
    expect(last.textContent).toContain('3 MB');
    expect(last.textContent).toContain('1.8 秒');
    expect(last.textContent).not.toContain('失败原因');
    await screen.findByText(archive(18).name);
    expect(screen.queryByText(archive(17).name)).toBeNull();

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText(archive(16).name);
    expect(JSON.parse(String(fetchMock.mock.lastCall![1].body))).toEqual({ pageIndex: 2, pageSize: 10 });
  });

  it('says whether backups are encrypted, and which archives are', async () => {
    lastRun = null;
    const { unmount } = renderInApp(<BackupPanel />);
    expect((await screen.findByTestId('backup-encryption')).textContent).toBe('备份已加密（BACKUP_PASSPHRASE）：恢复时须提供同一口令');
    const row = (n: number) => screen.getByText(archive(n).name).closest('tr')!;
    await screen.findByText(archive(27).name);
    expect(row(27).lastElementChild!.textContent).toBe('是');
    expect(row(25).lastElementChild!.textContent).toBe('否');
    unmount();

    encrypted = false;
    renderInApp(<BackupPanel />);
    expect((await screen.findByTestId('backup-encryption')).textContent).toBe('备份未加密：设置 BACKUP_PASSPHRASE 可加密备份文件（见 docs/backup.md）');
  });

  it('says why the last run failed, and when none has run', async () => {
    lastRun = { status: 'failed', startedAt: '2026-11-27T02:00:00.000Z', finishedAt: null, durationMs: 120, file: null, bytes: null, message: 'disk full' };
    const { unmount } = renderInApp(<BackupPanel />);
    const last = await screen.findByTestId('backup-last-run');
    await waitFor(() => expect(last.textContent).toContain('失败原因'));
    expect(last.textContent).toContain('disk full');
    unmount();

    lastRun = null;
    renderInApp(<BackupPanel />);
    expect((await screen.findByTestId('backup-last-run')).textContent).toBe('尚未运行过自动备份');
  });
});
