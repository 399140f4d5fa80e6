import { expect as baseExpect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('导出当前列表 on the lists beyond orders, customers and finance records (issue 31)', () => {
  test('the API permissions list exports every route with the columns shown and who may call it in words', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await page.goto('/base/security/list');
    const list = page.getByTestId('security-list');
    await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const shown = await list.locator('.ant-table-thead th').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()).filter(Boolean));
    const total = Number((await list.locator('.ant-pagination-total-text').textContent())?.match(/\d+/)?.[0]);

    const download = page.waitForEvent('download');
    await list.getByTestId('list-export').click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(shown);
    expect(rows.length - 1).toBe(total);
    const access = rows.slice(1).map((row) => row[shown.indexOf('访问类型')]);
    expect(new Set(access)).toEqual(new Set(['公开', '登录即可', '需权限', '客户门户']));
  });
});
