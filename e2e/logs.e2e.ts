import { expect, test } from '@playwright/test';
import { row, signedInPage } from './helpers';

test.describe('logs: a request found by its id', () => {
  test("an administrator reads a user's refused request in the request log by the id the user was answered", async ({ browser }) => {
    const sales = await signedInPage(browser, 'sales01', 'demo123');
    const admin = await signedInPage(browser, 'admin', 'admin123');
    try {
      // sales01 calls what his role may not: the refusal names its request, in the header and the envelope
      const refused = await sales.evaluate(async () => {
        const response = await fetch('/api/v1/log/request/list', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        return { status: response.status, header: response.headers.get('x-request-id'), body: (await response.json()) as { requestId: string } };
      });
      expect(refused.status).toBe(403);
      expect(refused.header).toMatch(/^[0-9a-f-]{36}$/);
      expect(refused.body.requestId).toBe(refused.header);

      await admin.goto('/log/request');
      await admin.getByTestId('log-filter-request-id').fill(` ${refused.header} `);
      await admin.getByTestId('log-filter-request-id').press('Enter');
      const found = row(admin, refused.header!);
      // the request log is written a moment after the answer: search again until it is there
      await expect(async () => {
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        await expect(found).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(found).toContainText('/api/v1/log/request/list');
      await expect(found).toContainText('403');
      await expect(found).toContainText('张晓明');
      await expect(admin.locator('tr.ant-table-row')).toHaveCount(1);
    } finally {
      await sales.context().close();
      await admin.context().close();
    }
  });
});
