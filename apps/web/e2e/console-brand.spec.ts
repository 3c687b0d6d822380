import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { adminCompanyMessages } from '@baobei/shared/messages/admin';
import { captchaAnswer, chooseFromHoverMenu, expect, PASSWORD, test, trackPictureCode } from './support';

/**
 * The operator console (issue 15, decision 040) at a desktop viewport: the demo operator of
 * company localhost (13800000009, 运营管理员) signs in with the picture code, finds the layout,
 * changes the brand colour, and the mobile app (390x844) opens in that colour. A second tab that
 * saves on the version it read is refused with the reload hint.
 */
const OPERATOR = '13800000009';
const NEW_COLOUR = '#c0392b';
const NEW_COLOUR_RGB = 'rgb(192, 57, 43)';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

async function fillSignIn(page: Page, password: string, pictureCode: string) {
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(OPERATOR);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(password);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(pictureCode);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Opens the colour picker of a form field and types a hex colour into it. */
async function pickColour(page: Page, label: string, hex: string) {
  const field = page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  await field.locator('.ant-color-picker-trigger').click();
  const input = page.locator('.ant-color-picker-input input').last();
  await input.fill(hex.replace('#', ''));
  await input.press('Enter');
  await page.keyboard.press('Escape');
  await expect(field.locator('.ant-color-picker-trigger')).toContainText(hex.toUpperCase());
}

test('an operator signs in to the console, changes the brand colour, and the mobile app shows it', async ({ page, request, browser, baseURL }) => {
  const pictureSn = trackPictureCode(page);

  // Signed out, any console page opens the sign-in page, in the company's brand.
  await page.goto('/admin/brand');
  await expect(page).toHaveURL(/\/admin\/login\?from=%2Fbrand$/);
  await expect(page.getByRole('heading', { name: '运营后台登录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '海口新房报备' })).toBeVisible();
  await expect(page).toHaveTitle('海口新房报备 · 运营后台');

  // The form's own checks, in Chinese.
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText(messages.login.phoneRequired)).toBeVisible();
  await expect(page.getByText(messages.login.passwordRequired)).toBeVisible();
  await expect(page.getByText(messages.login.pictureCodeRequired)).toBeVisible();

  // A wrong password: the server's message, and a new picture code.
  const firstSn = await pictureSn();
  await fillSignIn(page, 'wrong-password', await captchaAnswer(request, firstSn));
  await expect(page.locator('.ant-alert')).toContainText(messages.login.wrongPassword);
  await expect.poll(pictureSn).not.toBe(firstSn);

  await fillSignIn(page, PASSWORD, await captchaAnswer(request, await pictureSn()));
  // Back to the page asked for, inside the layout: company title, the menu, the operator.
  await expect(page).toHaveURL(/\/admin\/brand$/);
  // ProLayout keeps an empty placeholder header under the fixed one.
  const header = page.getByRole('banner').filter({ hasText: '海口新房报备' });
  await expect(header).toContainText('梁运营');
  const menu = page.getByRole('menu').first();
  await expect(menu.getByText('概览', { exact: true })).toBeVisible();
  await expect(menu.getByText('品牌设置', { exact: true })).toBeVisible();

  await menu.getByText('概览', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText('欢迎回来，梁运营')).toBeVisible();
  await expect(page.getByText('运营管理员')).toBeVisible();

  // 品牌设置: the form holds the company's values; a new colour is saved and themes the console.
  await menu.getByText('品牌设置', { exact: true }).click();
  await expect(page.getByLabel('公司名称')).toHaveValue('海口新房报备');

  // A second tab reads the same version before the first saves.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/admin/brand');
  await expect(otherTab.getByLabel('公司名称')).toHaveValue('海口新房报备');

  await pickColour(page, '主题色', NEW_COLOUR);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminCompanyMessages.saved)).toBeVisible();
  // The console takes the new colour at once (away from the button: hovered, it is lighter).
  await page.mouse.move(0, 450);
  await expect(page.getByRole('button', { name: /保\s*存/ })).toHaveCSS('background-color', NEW_COLOUR_RGB);

  // The other tab saves on its stale version: refused, with the reload hint.
  await otherTab.getByLabel('客服电话').fill('0898-66660000');
  await otherTab.getByRole('button', { name: /保\s*存/ }).click();
  await expect(otherTab.locator('.ant-alert')).toContainText(adminCompanyMessages.staleVersion);
  await otherTab.getByRole('button', { name: '重新加载' }).click();
  await expect(otherTab.locator('.ant-alert')).toHaveCount(0);
  await expect(otherTab.locator('.ant-color-picker-trigger').first()).toContainText(NEW_COLOUR.toUpperCase());
  await otherTab.close();

  // The mobile app, on a phone, opens in the new colour.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto('/home');
  await expect(mobile).toHaveTitle(/海口新房报备/);
  await expect
    .poll(() => mobile.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-color').trim()))
    .toBe(NEW_COLOUR);
  await phone.close();

  // 退出登录 from the operator's menu, back to the sign-in page; the console asks for it again.
  await chooseFromHoverMenu(page, header.getByText('梁运营'), '退出登录');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

/**
 * Decision 056: 保护期到期提醒（小时） on the settings form. A value past a week is refused under the
 * field in Chinese; 12 is saved and read back after a reload; the journey puts back 24 (the
 * default), so later journeys' reports are warned as before. 后台任务 is in the menu.
 */
test('an operator sets how long before a protection ends its reporter is warned', async ({ page, request }) => {
  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  expect(sign.ok(), await sign.text()).toBeTruthy();
  const token = (await sign.json()).data.token as string;
  await page.goto('/admin/login');
  await page.evaluate((value) => window.localStorage.setItem('baobei.console.token', value), token);
  await page.goto('/admin/brand');

  const field = page.getByLabel('保护期到期提醒（小时）');
  await expect(field).toHaveValue('24');
  await field.fill('200');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminCompanyMessages.protectionWarningHoursInvalid)).toBeVisible();

  try {
    await field.fill('12');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText(adminCompanyMessages.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('保护期到期提醒（小时）')).toHaveValue('12');
  } finally {
    // Back to the default over the API, whatever happened above (the version read now).
    const brand = await request.get('/api/admin/company/get-brand', { headers: { Authorization: token } });
    const { version } = (await brand.json()).data as { version: number };
    const back = await request.post('/api/admin/company/update-brand', { headers: { Authorization: token }, data: { version, protectionWarningHours: 24 } });
    expect(back.ok(), await back.text()).toBeTruthy();
  }

  // 后台任务: the failed jobs page opens from the menu (a fresh instance has none of this company's).
  await page.getByRole('menu').first().getByText('后台任务', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText('后台任务');
});
