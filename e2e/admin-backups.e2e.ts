import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clickForSuccess, signIn } from './helpers';

/** The database and folders e2e/server.mjs serves (playwright.config.ts). */
const served = () => JSON.parse(readFileSync(process.env.E2E_SERVER_STATE!, 'utf8')) as { databaseUrl: string; uploadDir: string; backupDir: string };

test.describe('administration: backups', () => {
  test('an administrator turns the daily backup on, and the backup tab says none has run and no archive is there yet', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await page.goto('/base/deploy');
    await page.getByRole('tab', { name: '备份' }).click();

    const panel = page.getByTestId('backup-panel');
    await expect(panel.getByTestId('backup-last-run')).toHaveText('尚未运行过自动备份');
    // this server has no BACKUP_PASSPHRASE: the tab says so, and how to change it
    await expect(panel.getByTestId('backup-encryption')).toHaveText('备份未加密：设置 BACKUP_PASSPHRASE 可加密备份文件（见 docs/backup.md）');
    await expect(panel.locator('.ant-table-placeholder')).toBeVisible();

    const enabled = page.getByTestId('setting-backup.enabled');
    await expect(enabled).toContainText('使用默认值');
    await enabled.getByRole('switch').click();
    await clickForSuccess(page, page.getByTestId('setting-save-backup.enabled'));
    await expect(enabled).toContainText('已修改');
    await expect(enabled.getByRole('switch')).toBeChecked();
  });

  test('an archive written by npm run db:backup is listed on the backup tab, with its size and whether it is encrypted', async ({ page }) => {
    const { databaseUrl, uploadDir, backupDir } = served();
    // what `npm run db:backup` runs, on the server's own database and folders, as an administrator would,
    // with a passphrase: the archive is encrypted
    const output = execFileSync(process.execPath, ['scripts/db.mjs', 'backup'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir, BACKUP_DIR: backupDir, BACKUP_PASSPHRASE: 'e2e passphrase' },
      encoding: 'utf8',
    });
    const archive = /backup written, encrypted: .*?(forwarder-backup-\d{8}-\d{6}\.tar\.enc)/.exec(output)?.[1];
    expect(archive, output).toBeTruthy();

    await signIn(page, 'admin', 'admin123');
    await page.goto('/base/deploy');
    await page.getByRole('tab', { name: '备份' }).click();
    const row = page.getByTestId('backup-panel').locator('tr.ant-table-row', { hasText: archive! });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/\d+(\.\d+)? (KB|MB)/);
    await expect(row.locator('td').last()).toHaveText('是');
  });
});
