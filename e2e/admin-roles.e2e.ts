import { expect, test, type Page } from '@playwright/test';
import { signIn, signInChangingPassword } from './helpers';

/** The sidebar entries a person can see (pages and submenu titles), top to bottom. */
function visibleMenuTitles(page: Page) {
  return page.getByTestId('sidebar-menu').getByRole('menuitem');
}

test('a role granted only some menus gives its holder exactly those menus and refuses calls outside them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const roleCode = `qa${suffix}`;
  const roleName = `问答专员${suffix}`;
  const account = `qa.${suffix}`;
  const password = 'qa-pass1';

  await signIn(page, 'admin', 'admin123');

  // The administrator adds a role and grants it the workbench and the question pages only.
  await page.goto('/base/role/list');
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-form-code').fill(roleCode);
  await page.getByTestId('role-form-name').fill(roleName);
  await page.getByTestId('role-form-submit').click();
  const roleRow = page.getByTestId('role-list').locator('tr', { hasText: roleCode });
  await expect(roleRow).toContainText(roleName);
  await roleRow.getByTestId('role-grant').click();
  const menuTree = page.getByTestId('grant-menus');
  await menuTree.getByText('工作台', { exact: true }).click();
  await menuTree.getByText('问题解答', { exact: true }).click();
  await expect(menuTree.locator('.ant-tree-treenode-checkbox-checked')).toHaveCount(2);
  await page.getByTestId('grant-submit').click();
  await expect(page.getByTestId('grant-menus')).toHaveCount(0);

  // … and a colleague holding it, through the staff form.
  await page.goto('/base/staff/add');
  await page.getByTestId('staff-account').fill(account);
  await page.getByTestId('staff-password').fill(password);
  await page.getByTestId('staff-jobNo').fill(`Q${suffix}`.slice(0, 30));
  await page.getByTestId('staff-fullName').fill('问答专员');
  await page.getByTestId('staff-org').click();
  await page.locator('.ant-select-tree-title', { hasText: /^信息技术部$/ }).click();
  await page.getByTestId('staff-roles').click();
  await page.locator('.ant-select-item-option', { hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('staff-submit').click();
  await expect(page).toHaveURL(/\/base\/staff\/list$/);
  const staffRow = page.getByTestId('staff-list').locator('tr', { hasText: account });
  await expect(staffRow).toContainText(roleName);
  await expect(staffRow).toContainText('信息技术部');

  // The colleague signs in elsewhere and sees exactly the granted menus.
  const context = await browser.newContext();
  try {
    const colleague = await context.newPage();
    // the password the administrator set is changed at the first sign-in
    await signInChangingPassword(colleague, account, password, 'qa-own-pass1');
    await expect(visibleMenuTitles(colleague)).toHaveText(['工作台', '问题解答']);
    await colleague.getByTestId('sidebar-menu').getByText('问题解答', { exact: true }).click();
    await expect(visibleMenuTitles(colleague)).toHaveText(['工作台', '问题解答', '发布问题', '未回答', '已回答', '全部问题']);

    // Their token works for what every signed-in user may do, and is refused outside their grants.
    const status = (path: string) =>
      colleague.evaluate(async (url) => {
        const response = await fetch(url, {
          method: url.endsWith('/view') ? 'GET' : 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
          body: url.endsWith('/view') ? undefined : '{}',
        });
        return response.status;
      }, `/api/v1${path}`);
    expect(await status('/user/info/view')).toBe(200);
    expect(await status('/user/list')).toBe(403);
    expect(await status('/role/list')).toBe(403);

    // A page outside the grants is not theirs either.
    await colleague.goto('/base/staff/list');
    await expect(colleague).toHaveURL(/\/(403|404)$/);
  } finally {
    await context.close();
  }
});
