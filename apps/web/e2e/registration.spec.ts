import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { creditCodeCheckChar } from '@baobei/shared/rules/registration';
import { expect, test, confirmDialog, dialogTitled, openAs } from './support';

const registrationText = messages.registration;

/** A real 1×1 PNG, the licence picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Taps one item of the open cascader column by text (the wheel's own click, as a tap is). */
async function tapPickerItem(page: Page, text: string): Promise<void> {
  const item = page.locator('.adm-picker-view-column-item', { hasText: text }).first();
  await item.dispatchEvent('click');
  await expect(item).toHaveAttribute('data-selected', 'true');
}

async function chooseCompany(page: Page, keyword: string, pick: (count: number) => number) {
  await page.getByTestId('register-company').click();
  await expect(page).toHaveURL(/\/register\/select\/company$/);
  await page.getByTestId('select-company-search').locator('input').fill(keyword);
  const rows = page.getByTestId('select-company-row');
  await expect(rows.first()).toBeVisible();
  const row = rows.nth(pick(await rows.count()));
  const name = (await row.innerText()).trim();
  await row.click();
  await expect(page).toHaveURL(/\/register$/);
  return name;
}

test('a new distributor registers, cannot sign in until 13800000007 approves it, then signs in', async ({ page, browser }) => {
  const stamp = Date.now();
  const phone = `1370${String(stamp % 10_000_000).padStart(7, '0')}`;
  const password = 'abc12345';

  await page.goto('/login');
  await page.getByTestId('login-register').click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('register-submit')).toBeDisabled();

  // Company from the registry (a different one each run); its credit code fills itself in.
  const company = await chooseCompany(page, '房产', (count) => stamp % count);
  await expect(page.getByTestId('register-company')).toContainText(company);
  await expect(page.getByTestId('register-creditNo')).toHaveValue(/^91\d{6}[0-9A-Z]{10}$/);
  await expect(page.getByTestId('register-creditNo')).toHaveAttribute('readonly', '');

  await page.getByTestId('register-name').fill('椰林房产');
  await page.getByTestId('register-managerName').fill('符海生');
  await page.getByTestId('register-managerPhone').fill(phone);
  await page.getByTestId('register-address').fill('海口市龙华区滨海大道100号');
  await page.getByTestId('register-licence').locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  // The local preview gives way to the stored picture once the upload is done.
  await expect(page.getByTestId('register-licence').locator('img[src^="/uploads/"]')).toBeVisible();
  await expect(page.getByTestId('register-licence').locator('img')).toHaveCount(1);

  await page.getByTestId('register-channel').click();
  await expect(page).toHaveURL(/\/register\/select\/channel$/);
  await page.getByTestId('select-channel-row').filter({ hasText: '符春梅' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('register-channel')).toContainText('符春梅');
  // The form survived both selection screens.
  await expect(page.getByTestId('register-name')).toHaveValue('椰林房产');

  await expect(page.getByTestId('register-submit')).toBeDisabled();
  await page.getByTestId('register-region').click();
  await tapPickerItem(page, '海南省');
  await tapPickerItem(page, '海口');
  await page.locator('.adm-picker-header-button').getByText('确定').click();
  await expect(page.getByTestId('register-region')).toContainText('海口');
  await expect(page.getByTestId('register-submit')).toBeEnabled();

  // 密码 and 确认密码 are marked required, and inputs read at the labels' size.
  for (const id of ['register-password', 'register-passwordMore']) {
    const label = page.locator('label').filter({ has: page.getByTestId(id) }).locator('span').first();
    expect(await label.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"*"');
    const labelSize = await label.evaluate((el) => getComputedStyle(el).fontSize);
    expect(await page.getByTestId(id).evaluate((el) => getComputedStyle(el).fontSize)).toBe(labelSize);
  }

  // Part 2, section 5: a short password on submit is a notice and focuses the field.
  await page.getByTestId('register-password').fill('123');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(registrationText.passwordMinSix)).toBeVisible();
  await expect(page.getByTestId('register-password')).toBeFocused();
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-passwordMore').fill('abc1234');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(registrationText.mismatch)).toBeVisible();
  await page.getByTestId('register-passwordMore').fill(password);
  await page.getByTestId('register-submit').click();

  await expect(dialogTitled(page, registrationText.successTitle)).toContainText(registrationText.success);
  await confirmDialog(page, registrationText.successTitle);
  await expect(page).toHaveURL(/\/login/);

  // Nothing can sign in before the review: the answer says so.
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(dialogTitled(page, messages.login.loginFailedTitle)).toContainText(registrationText.loginPending);
  await confirmDialog(page, messages.login.loginFailedTitle);
  await expect(page).toHaveURL(/\/login/);

  // Customer service approves it on /register/review.
  const admin = await openAs(browser, '13800000007');
  await admin.goto('/register/review');
  const card = admin.getByTestId('registration-card').filter({ hasText: phone });
  await expect(card).toContainText(company);
  await expect(card).toContainText('椰林房产');
  await expect(card).toContainText('符春梅');
  await expect(card).toContainText('海口');
  await expect(card.getByTestId('registration-licence')).toBeVisible();
  await card.getByTestId('registration-approve').click();
  await admin.locator('.adm-dialog-footer').getByText(registrationText.reviewApprove, { exact: true }).click();
  await expect(admin.getByText(registrationText.reviewApproved)).toBeVisible();
  await expect(admin.getByTestId('registration-card').filter({ hasText: phone })).toHaveCount(0);
  await admin.context().close();

  // Now the registrant signs in with the password chosen on the form.
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home/);
});

test('a company outside the registry registers with its name and credit code typed by hand', async ({ page }) => {
  const stamp = Date.now();
  const phone = `1371${String(stamp % 10_000_000).padStart(7, '0')}`;
  const company = `三沙永兴${stamp % 100_000}房产经纪有限公司`;
  // A code of this run, with its GB 32100-2015 check character.
  const body = `91460300MA${String(stamp % 10_000_000).padStart(7, '0')}`;
  const code = body + creditCodeCheckChar(body)!;
  const wrong = body + (code.endsWith('1') ? '2' : '1');

  await page.goto('/register');
  await page.getByTestId('register-company').click();
  await page.getByTestId('select-company-search').locator('input').fill(company);
  await expect(page.getByTestId('select-company-empty')).toContainText(registrationText.companyEmpty);
  await page.getByTestId('select-company-use-typed').click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('register-company')).toContainText(company);
  const credit = page.getByTestId('register-creditNo');
  await expect(credit).not.toHaveAttribute('readonly', '');
  await expect(credit).toHaveAttribute('placeholder', registrationText.creditNoManual);

  await page.getByTestId('register-name').fill('永兴房产');
  await page.getByTestId('register-managerName').fill('王永兴');
  await page.getByTestId('register-managerPhone').fill(phone);
  await page.getByTestId('register-address').fill('三沙市西沙区永兴岛1号');
  await page.getByTestId('register-licence').locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('register-licence').locator('img[src^="/uploads/"]')).toBeVisible();
  await page.getByTestId('register-region').click();
  await tapPickerItem(page, '海南省');
  await tapPickerItem(page, '海口');
  await page.locator('.adm-picker-header-button').getByText('确定').click();
  await page.getByTestId('register-password').fill('abc12345');
  await page.getByTestId('register-passwordMore').fill('abc12345');

  // A typo in the check character is caught on the form, before anything is sent.
  await credit.fill(wrong.toLowerCase());
  await expect(credit).toHaveValue(wrong);
  await page.getByTestId('register-submit').click();
  await expect(page.getByText(registrationText.creditNoInvalid)).toBeVisible();
  await expect(credit).toBeFocused();

  await credit.fill(code);
  await page.getByTestId('register-submit').click();
  await expect(dialogTitled(page, registrationText.successTitle)).toContainText(registrationText.success);
});

test('a failed credit code lookup asks for the code by hand', async ({ page }) => {
  await page.route('**/api/publicapi/get-company-by-name**', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ code: 404, type: 404, msg: registrationText.companyNotFound, message: registrationText.companyNotFound, data: null }),
    }),
  );
  await page.goto('/register');
  await chooseCompany(page, '三亚', () => 0);
  await expect(page.getByText(registrationText.creditLookupFailed)).toBeVisible();
  const credit = page.getByTestId('register-creditNo');
  await expect(credit).not.toHaveAttribute('readonly', '');
  await expect(credit).toHaveAttribute('placeholder', registrationText.creditNoManual);
  await credit.fill('91460200ma5t0000x1');
  await expect(credit).toHaveValue('91460200MA5T0000X1');
});

test('the review page is for AUDITORADMIN only', async ({ browser }) => {
  const auditor = await openAs(browser, '13800000006');
  await auditor.goto('/register/review');
  await expect(dialogTitled(auditor, messages.common.noPermissionTitle)).toBeVisible();
  await auditor.context().close();
});
