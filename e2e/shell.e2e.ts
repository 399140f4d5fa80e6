import { expect, test } from '@playwright/test';
import { waitForNotificationsToClose, openAvatarItem, signIn } from './helpers';

test.describe('the application shell', () => {
  test('signs in as the demo admin, greets by hour and shows the menu', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    const hour = await page.evaluate(() => new Date().getHours());
    const greeting = hour < 8 ? '早上好' : hour <= 11 ? '上午好' : hour <= 13 ? '中午好' : hour <= 17 ? '下午好' : '晚上好';
    await expect(page.locator('.ant-notification')).toContainText('欢迎登录');
    await expect(page.locator('.ant-notification')).toContainText(greeting);
    const menu = page.getByTestId('sidebar-menu');
    for (const title of ['工作台', '客户管理', '小包专线', '专线', '空运', '系统设置', '系统日志']) await expect(menu).toContainText(title);
    await expect(page.getByTestId('workbench-welcome')).toContainText('系统管理员');
  });

  test('opens a page from the menu and from the search dialog', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    const menu = page.getByTestId('sidebar-menu');
    await menu.getByText('系统设置', { exact: true }).click();
    await menu.getByText('员工管理', { exact: true }).click();
    await expect(page).toHaveURL(/\/base\/staff\/list$/);
    await expect(page.locator('.ant-breadcrumb')).toContainText('系统设置');
    await expect(page.locator('.ant-breadcrumb')).toContainText('员工管理');

    await page.getByTestId('topbar-search').click();
    await page.getByTestId('search-submit').click();
    await expect(page.getByText('请先选择类型')).toBeVisible();
    await expect(page.getByText('请输入查询内容')).toBeVisible();
    await page.getByTestId('search-type').click();
    await page.locator('.ant-select-dropdown').getByText('空运', { exact: true }).click();
    await page.getByTestId('search-word').fill('AT2611220001');
    await page.getByTestId('search-submit').click();
    await expect(page).toHaveURL(/\/airtransport\/all$/);
    await expect(page.getByTestId('page-tabs')).toContainText('全部订单');
  });

  test('shows the language switcher once the theme turns it on, switches to English and back, persisted across a reload', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await waitForNotificationsToClose(page);
    await expect(page.getByTestId('language-switch')).toHaveCount(0);
    await page.getByTestId('topbar-theme').click();
    await page.getByTestId('theme-showLanguage').click();
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('language-switch').hover();
    await page.getByTestId('language-en').click();
    await expect(page.getByTestId('sidebar-menu')).toContainText('Workbench');
    await expect(page).toHaveTitle(/Workbench/);
    await page.reload();
    await expect(page.getByTestId('sidebar-menu')).toContainText('Customers');
    await page.getByTestId('language-switch').hover();
    await page.getByTestId('language-zh').click();
    await expect(page.getByTestId('sidebar-menu')).toContainText('工作台');
  });

  test('switches to the horizontal layout from the theme drawer: the menu moves into the top bar, kept after a reload', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await waitForNotificationsToClose(page);
    await expect(page.locator('.app-sider')).toBeVisible();
    await page.getByTestId('topbar-theme').click();
    await page.getByTestId('theme-layout-horizontal').click();
    await page.getByTestId('theme-showSearch').click();
    await page.locator('.ant-drawer-close').click();
    await expect(page.locator('.app-sider')).toHaveCount(0);
    await expect(page.locator('.app-header [data-testid="sidebar-menu"]')).toContainText('客户管理');
    await expect(page.getByTestId('topbar-search')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.app-header [data-testid="sidebar-menu"]')).toContainText('客户管理');
    await expect(page.getByTestId('topbar-search')).toHaveCount(0);
  });

  test('refuses a password change whose confirmation does not match, with the exact message', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await openAvatarItem(page, 'avatar-password');
    await page.getByTestId('password-old').fill('admin123');
    await page.getByTestId('password-new').fill('newpass1');
    await page.getByTestId('password-confirm').fill('newpass2');
    await page.getByTestId('password-submit').click();
    await expect(page.getByText('两次密码输入的不一致！')).toBeVisible();
  });

  test('logs out to the login page, and guarded pages then ask to sign in again', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await openAvatarItem(page, 'avatar-sign-out');
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/base/staff/list');
    await expect(page).toHaveURL(/\/login\?redirect=.*base.*staff.*list/);
    // signing in again returns to the remembered page
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('admin123');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/base\/staff\/list$/);
  });

  test('sends an unknown path to /404', async ({ page }) => {
    await signIn(page, 'admin', 'admin123');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
  });
});
