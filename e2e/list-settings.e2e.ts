import { expect as baseExpect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

/** The titles of the table's data columns as shown (no selection or actions column). */
const columnTitles = (page: Page) =>
  page.locator('.ant-table-thead th').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()).filter((text) => text && text !== '操作'));

const preferenceSaved = (page: Page) => page.waitForResponse((res) => res.url().includes('/api/v1/user/preference/') && res.request().method() === 'PUT');

test.describe('lists staff can arrange (issue 31)', () => {
  test('a hidden column stays hidden after a reload, and 导出当前列表 downloads an xlsx with the columns shown', async ({ page }) => {
    await signIn(page, 'op01', 'demo123');
    await page.goto('/smallbag/all');
    await expect(page.getByTestId('order-list-smallbag-all')).toBeVisible();
    await expect.poll(() => columnTitles(page)).toContain('业务员');

    try {
      await page.getByTestId('list-columns-button').click();
      const saved = preferenceSaved(page);
      await page.getByTestId('list-column-show-salesman').click();
      expect((await saved).ok()).toBe(true);
      await expect.poll(() => columnTitles(page)).not.toContain('业务员');

      await page.reload();
      await expect(page.getByTestId('order-list-smallbag-all')).toBeVisible();
      await expect.poll(() => columnTitles(page)).toContain('订单号');
      const shown = await columnTitles(page);
      expect(shown).not.toContain('业务员');

      const download = page.waitForEvent('download');
      await page.getByTestId('list-export').click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await (await download).path());
      const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(shown);
    } finally {
      // back to the list's default for the other suites signed in as op01
      await page.keyboard.press('Escape');
      await page.getByTestId('list-columns-button').click();
      const reset = preferenceSaved(page);
      await page.getByTestId('list-columns-reset').click();
      await reset;
    }
  });

  test('a saved filter with a day range fills the range again after a reload and searches the same days', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await page.goto('/log/request');
    const list = page.getByTestId('log-request');
    await expect(list).toBeVisible();
    const start = list.getByPlaceholder('开始日期');
    const end = list.getByPlaceholder('结束日期');
    await start.click();
    await start.fill('2026-11-02');
    await start.press('Enter');
    await end.fill('2026-11-15');
    await end.press('Enter');
    await expect(start).toHaveValue('2026-11-02');
    await expect(end).toHaveValue('2026-11-15');

    await page.getByTestId('list-filter-save').click();
    await page.getByTestId('list-filter-name').fill('十一月上半');
    const saved = preferenceSaved(page);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    expect((await saved).ok()).toBe(true);
    try {
      await page.reload();
      await expect(list).toBeVisible();
      await expect(start).toHaveValue('');
      await page.getByTestId('list-saved-filters').click();
      const searched = page.waitForRequest((req) => req.url().endsWith('/api/v1/log/request/list') && req.method() === 'POST');
      await page.getByRole('menuitem', { name: '十一月上半' }).click();
      await expect(start).toHaveValue('2026-11-02');
      await expect(end).toHaveValue('2026-11-15');
      // the first and the last instant of those days, in the browser's time, as the search button sends them
      const bounds = await page.evaluate(() => ({ from: new Date(2026, 10, 2).toISOString(), to: new Date(2026, 10, 15, 23, 59, 59, 999).toISOString() }));
      expect((await searched).postDataJSON()).toMatchObject(bounds);
    } finally {
      await page.keyboard.press('Escape');
      await page.getByTestId('list-saved-filters').click();
      const deleted = preferenceSaved(page);
      await page.getByTestId('list-filter-delete-十一月上半').click();
      await deleted;
    }
  });
});
