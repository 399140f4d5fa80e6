import { expect, test } from '@playwright/test';
import { clickForSuccess, signIn } from './helpers';

test.describe('administration: backups', () => {
  test('an administrator turns the daily backup on, and the backup tab says none has run and no archive is there yet', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await page.goto('/base/deploy');
    await page.getByRole('tab', { name: '备份' }).click();

    const panel = page.getByTestId('backup-panel');
    await expect(panel.getByTestId('backup-last-run')).toHaveText('尚未运行过自动备份');
    await expect(panel.locator('.ant-table-placeholder')).toBeVisible();

    const enabled = page.getByTestId('setting-backup.enabled');
    await expect(enabled).toContainText('使用默认值');
    await enabled.getByRole('switch').click();
    await clickForSuccess(page, page.getByTestId('setting-save-backup.enabled'));
    await expect(enabled).toContainText('已修改');
    await expect(enabled.getByRole('switch')).toBeChecked();
  });
});
