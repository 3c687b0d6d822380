import { messages } from '@baobei/shared/messages';
import { adminAccountMessages as text } from '@baobei/shared/messages/admin';
import { expect, test, captchaAnswer, openPhone, PASSWORD, trackPictureCode } from './support';

/**
 * 账号管理 (issue 16, item 2; decision 047) at a desktop viewport: the demo operator of company
 * localhost creates an auditor (the form's own checks first), copies the initial password shown
 * once, and the new auditor signs in on the mobile app (390x844), is sent to change the password
 * and then reaches the home page, in the journey's own company (a new auditor there takes
 * no other journey's reports).
 */
const OPERATOR = '13800000009';
const NAME = '浏览器审核员';
const PHONE = '17750099001';
const NEW_PASSWORD = 'Audit-2026x';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('an operator creates an auditor, copies the one-time password, and the auditor must change it on the phone', async ({ page, request, browser, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pictureSn = trackPictureCode(page);
  await page.goto('/admin/accounts');
  await expect(page).toHaveURL(/\/admin\/login\?from=/);
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(OPERATOR);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(PASSWORD);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(await captchaAnswer(request, await pictureSn()));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/accounts/);
  await expect(page.getByRole('menu').first().getByText(text.menu, { exact: true })).toBeVisible();

  // The 审核员 tab lists the demo auditors.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: '13800000006' })).toHaveCount(1);

  // The form's checks, then the new auditor.
  await page.getByRole('button', { name: text.create }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText(text.createTitle(text.tabAuditors))).toBeVisible();
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText(text.nameRequired)).toBeVisible();
  await expect(drawer.getByText(text.phoneRequired)).toBeVisible();
  await drawer.getByLabel(text.fieldName).fill(NAME);
  await drawer.getByLabel(text.fieldPhone).fill('1380000000');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText(text.phoneInvalid)).toBeVisible();
  // A phone the company already has: the server's refusal lands on the field.
  await drawer.getByLabel(text.fieldPhone).fill('13800000003');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer.getByText(text.phoneTaken)).toBeVisible();
  await drawer.getByLabel(text.fieldPhone).fill(PHONE);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();

  // The password, once, with a copy button.
  const modal = page.getByRole('dialog').filter({ hasText: text.passwordTitle });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(text.passwordCreated(NAME));
  const shown = await modal.getByTestId('account-password').inputValue();
  expect(shown).toMatch(/^[A-Za-z0-9]{16}$/);
  await modal.getByRole('button', { name: text.copy }).click();
  await expect(page.getByText(text.copied)).toBeVisible();
  const password = await page.evaluate(() => navigator.clipboard.readText());
  expect(password).toBe(shown);
  await modal.getByRole('button', { name: text.done }).click();
  await expect(modal).toBeHidden();
  const row = rows.filter({ hasText: PHONE });
  await expect(row).toContainText(NAME);
  await expect(row).toContainText(text.mustChange);

  // The auditor on the phone: signed in with the copied password, sent to change it.
  const phone = await openPhone(browser);
  await phone.goto('/login');
  await phone.getByTestId('login-phone').fill(PHONE);
  await phone.getByTestId('login-password').fill(password);
  await phone.getByTestId('login-submit').click();
  await expect(phone).toHaveURL(/\/change\/password/, { timeout: 20_000 });
  await expect(phone.getByTestId('must-change-password-notice')).toBeVisible();
  await phone.getByTestId('change-old-password').fill(password);
  await phone.getByTestId('change-new-password').fill(NEW_PASSWORD);
  await phone.getByTestId('change-confirm-password').fill(NEW_PASSWORD);
  await phone.getByTestId('change-password-submit').click();
  await expect(phone.getByText(messages.changePassword.success)).toBeVisible();

  // The console sees the change on its next load.
  await page.reload();
  await expect(rows.filter({ hasText: PHONE })).not.toContainText(text.mustChange);
  await phone.context().close();
});
