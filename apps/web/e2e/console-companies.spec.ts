import { type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { agreementMessages } from '@baobei/shared/messages/agreement';
import { adminAccountMessages, adminBrandMessages, adminCompaniesMessages, adminCompanyMessages, adminConsoleMessages } from '@baobei/shared/messages/admin';
import { expect, test, captchaAnswer, PASSWORD, trackPictureCode, shot, SHOTS_DIR, searchConsoleTable } from './support';

/**
 * The console's 公司管理 (issue 15, item 3) at 1440x900: the platform administrator (13800000010)
 * creates a company with a host, which the mobile app then loads on that host, and edits another
 * company's settings; an operator (13800000009) has no 公司管理 in the menu and is refused the
 * page. The company's own user agreement, written in 品牌设置, replaces the built-in one on the
 * mobile agreement page, and clearing it brings the built-in one back (decision 044).
 * SHOTS=<dir> also saves the screenshots of the pages.
 */
const PLATFORM_ADMIN = '13800000010';
const OPERATOR = '13800000009';
const TOKEN_KEY = 'baobei.console.token';
const NEW_HOST = `e2e-${Date.now().toString(36)}.example.com`;
const NEW_TITLE = '三亚新房报备';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });


/** Signs in through the console's sign-in page with the picture code. */
async function signInOnPage(page: Page, request: APIRequestContext, phone: string) {
  const pictureSn = trackPictureCode(page);
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: '运营后台登录' })).toBeVisible();
  await expect(page.locator('img[alt="图形验证码"]').or(page.getByRole('img', { name: messages.login.pictureCodeLabel }))).toBeVisible();
  await shot(page, 'console-login');
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(phone);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(PASSWORD);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(await captchaAnswer(request, await pictureSn()));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** A console session over the API, put where the console keeps it. */
async function signInOverApi(page: Page, request: APIRequestContext, phone: string) {
  const res = await request.post('/api/admin/auth/sign', { data: { phone, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = (await res.json()).data.token as string;
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  return token;
}

/** Searches 公司管理 by title or host; answers once the table shows the answer. */
async function searchCompanies(page: Page, keyword: string) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/admin/company/list') && r.url().includes('keyword='));
  await searchConsoleTable(page.getByPlaceholder(adminCompaniesMessages.keywordPlaceholder), keyword);
  expect((await listed).ok()).toBeTruthy();
}

test('the platform administrator creates a company with a host, and the app loads on it', async ({ page, request, baseURL }) => {
  const ownHost = new URL(baseURL!).hostname;
  await signInOnPage(page, request, PLATFORM_ADMIN);
  await expect(page.getByText('欢迎回来，')).toBeVisible();
  await expect(page.getByText('平台管理员')).toBeVisible();
  await shot(page, 'console-overview');

  const menu = page.getByRole('menu').first();
  await menu.getByText(adminConsoleMessages.menuCompanies, { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/companies$/);
  const table = page.locator('.ant-pro-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-companies-list');
  // Every company, not only the administrator's own: its own, and the two demo companies, by host.
  for (const [host, title] of [[ownHost, '海口新房报备'], ['localhost', '海口新房报备'], ['127.0.0.1', '三亚置业报备']] as const) {
    await searchCompanies(page, host);
    const row = table.locator('tr.ant-table-row').filter({ has: page.getByText(host, { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(title);
  }

  // The create form's own checks, in Chinese, before anything is sent.
  await page.getByRole('button', { name: adminCompaniesMessages.create }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: adminCompaniesMessages.createTitle });
  await expect(modal).toBeVisible();
  await shot(page, 'console-companies-create');
  await modal.getByRole('button', { name: /创\s*建/ }).click();
  await expect(modal.getByText(adminCompanyMessages.titleRequired)).toBeVisible();
  await expect(modal.getByText(adminCompanyMessages.hostsRequired)).toBeVisible();

  // A host another company answers on: the server's refusal on the field.
  await modal.getByLabel(adminCompaniesMessages.companyTitle).fill(NEW_TITLE);
  await modal.getByLabel(adminCompaniesMessages.operatorName).fill('吉运营');
  await modal.getByLabel(adminCompaniesMessages.operatorPhone).fill('13900006666');
  const hosts = modal.getByRole('combobox', { name: adminCompaniesMessages.hostsLabel });
  await hosts.fill('localhost');
  await hosts.press('Enter');
  await modal.getByRole('button', { name: /创\s*建/ }).click();
  await expect(modal.getByText(adminCompanyMessages.hostTaken('localhost'))).toBeVisible();
  await shot(page, 'console-companies-create-error');

  // Replaced by a free host, with its first operator: created, its password shown once, listed,
  // and the mobile app answers on it.
  await modal.locator('.ant-select-selection-item-remove').click();
  await hosts.fill(NEW_HOST);
  await hosts.press('Enter');
  await modal.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByText(adminCompanyMessages.created)).toBeVisible();
  await expect(modal).toBeHidden();
  const password = page.getByRole('dialog').filter({ hasText: adminAccountMessages.passwordTitle });
  await expect(password.getByTestId('account-password')).toHaveValue(/^[A-Za-z0-9]{16}$/);
  await password.getByRole('button', { name: adminAccountMessages.done }).click();
  await expect(password).toBeHidden();
  await searchCompanies(page, NEW_HOST);
  const row = table.getByRole('row').filter({ hasText: NEW_TITLE });
  await expect(row).toContainText(NEW_HOST);
  await expect(row.locator('td').nth(4)).toHaveText('1');

  const onNewHost = await request.get(`/api/index/get-company?host=${NEW_HOST}`);
  expect((await onNewHost.json()).data).toMatchObject({ title: NEW_TITLE });

  // The new company's settings, edited in the drawer (update-brand with its companyId).
  await row.getByText(adminCompaniesMessages.edit).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: adminCompaniesMessages.editTitle(NEW_TITLE) });
  await expect(drawer.getByLabel(adminBrandMessages.title)).toHaveValue(NEW_TITLE);
  await expect(drawer.getByText(NEW_HOST)).toBeVisible();
  await drawer.getByLabel(adminBrandMessages.maxCustomersPerReport).fill('8');
  await drawer.getByLabel(adminBrandMessages.kefPhone).fill('0898-88886666');
  await shot(page, 'console-companies-edit');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminCompanyMessages.saved)).toBeVisible();
  const brand = await request.get(`/api/index/get-common-init-config`, { headers: { host: NEW_HOST } });
  expect((await brand.json()).data).toMatchObject({ maxCustomersPerReport: 8 });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 品牌设置 of its own company: the platform administrator edits the hosts there too.
  await menu.getByText(adminConsoleMessages.menuBrand, { exact: true }).click();
  await expect(page.getByLabel(adminBrandMessages.title)).toHaveValue('海口新房报备');
  await expect(page.getByRole('combobox', { name: adminBrandMessages.hosts })).toBeVisible();
  await shot(page, 'console-brand', { fullPage: true });
});

test('an operator has no 公司管理 in the menu, and the page refuses it', async ({ page, request }) => {
  await signInOverApi(page, request, OPERATOR);
  await page.goto('/admin/');
  const menu = page.getByRole('menu').first();
  await expect(menu.getByText(adminConsoleMessages.menuBrand, { exact: true })).toBeVisible();
  await expect(menu.getByText(adminConsoleMessages.menuCompanies, { exact: true })).toHaveCount(0);
  await page.goto('/admin/companies');
  await expect(page.getByText(adminConsoleMessages.platformOnly)).toBeVisible();
  await expect(page.locator('.ant-pro-table')).toHaveCount(0);
});

test("the company's own agreement replaces the built-in one on the mobile agreement page", async ({ page, request, browser, baseURL }) => {
  const agreement = '《海口新房报备用户协议》\n第一条 本协议由运营后台填写。\n第二条 报备客户须真实。';
  await signInOverApi(page, request, OPERATOR);
  await page.goto('/admin/brand');
  const field = page.getByPlaceholder(adminBrandMessages.agreementPlaceholder);
  await field.fill(agreement);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminCompanyMessages.saved)).toBeVisible();

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto('/user/agreement');
  await expect(mobile.getByTestId('agreement-own')).toHaveText(agreement);
  await expect(mobile.getByTestId('agreement')).not.toContainText(agreementMessages.sections[0]!.title);
  if (SHOTS_DIR) await mobile.screenshot({ path: `${SHOTS_DIR}/mobile-agreement-own.png` });

  // Cleared in the console: the built-in agreement again, on the app's next load.
  await page.reload();
  await field.fill('');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminCompanyMessages.saved).last()).toBeVisible();
  await expect.poll(async () => (await (await request.get(`/api/index/get-company?host=${new URL(baseURL!).hostname}&agreement=1`)).json()).data.agreement).toBe('');
  await mobile.reload();
  await expect(mobile.getByTestId('agreement')).toContainText(agreementMessages.sections[0]!.title);
  await expect(mobile.getByTestId('agreement-own')).toHaveCount(0);
  await phone.close();
});
