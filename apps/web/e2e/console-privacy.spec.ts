import { messages } from '@baobei/shared/messages';
import { privacyPolicyMessages } from '@baobei/shared/messages/privacy-policy';
import { adminBrandMessages as adminBrandText, adminCompanyMessages } from '@baobei/shared/messages/admin';
import { adminPrivacyMessages as text } from '@baobei/shared/messages/admin/privacy';
import { anonymousPhone } from '@baobei/shared/rules/retention';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { apiSignIn, captchaAnswer, expect, fullPhoneListing, PASSWORD, reportOverApi, shot, test, trackPictureCode } from './support';

/**
 * 个人信息请求 at a desktop viewport (issue 33 item 4, docs/decisions/093): a broker reports a
 * customer; the operator finds the number in the console (the customer and the report), exports
 * the person's file, and anonymises it with a reason after a confirmation naming the count. The
 * search then finds nothing, the request is in 处理记录, and the broker's report shows 客户X and the
 * masked number.
 */
const OPERATOR = '13800000009';
const BROKER = '13800000003';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('an operator finds, exports and anonymises what the company holds about a phone', async ({ page, request }) => {
  const customerPhone = `135${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const name = `隐私请求${customerPhone.slice(-4)}`;
  const listing = await fullPhoneListing(request);
  const [recordId] = await reportOverApi(request, BROKER, listing.id, [{ name, phone: customerPhone }]);

  const pictureSn = trackPictureCode(page);
  await page.goto('/admin/privacy');
  await expect(page).toHaveURL(/\/admin\/login\?from=/);
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(OPERATOR);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(PASSWORD);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(await captchaAnswer(request, await pictureSn()));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/privacy$/);
  await expect(page.getByText(text.empty)).toBeVisible();

  // A number that is not one: the page says so and asks nothing.
  const search = page.getByTestId('privacy-phone');
  await search.fill('1381234');
  await search.press('Enter');
  await expect(page.getByText(text.phoneInvalid)).toBeVisible();

  // The number: its customer and its report, counted as the server counted them.
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/privacy/find'));
  await search.fill(customerPhone);
  await search.press('Enter');
  const found = (await (await answer).json()).data as { total: number; sources: { source: string; count: number }[] };
  expect(found.sources.find((s) => s.source === 'customers')!.count).toBe(1);
  expect(found.sources.find((s) => s.source === 'reports')!.count).toBe(1);
  await expect(page.getByText(text.found(found.total))).toBeVisible();
  await expect(page.getByTestId('privacy-source-reports')).toContainText(name);
  await expect(page.getByTestId('privacy-source-reports')).toContainText(listing.name);
  await shot(page, 'console-privacy-found', { fullPage: true });

  // The person's file.
  const download = page.waitForEvent('download');
  await page.getByTestId('privacy-export').click();
  expect((await download).suggestedFilename()).toMatch(/^个人信息-\d{8}\.xlsx$/);

  // Anonymise: the dialog names the number and the count, and wants a reason.
  await page.getByTestId('privacy-anonymise').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text.confirmText(customerPhone, found.total));
  await dialog.getByRole('button', { name: text.anonymise }).click();
  await expect(dialog.getByText(text.reasonRequired)).toBeVisible();
  await shot(page, 'console-privacy-confirm');
  await page.getByTestId('privacy-reason').fill('本人来电要求删除');
  await dialog.getByRole('button', { name: text.anonymise }).click();
  await expect(page.getByText(text.anonymised(found.total))).toBeVisible();
  await expect(page.getByText(text.nothingFound)).toBeVisible();
  await expect(page.getByTestId('privacy-source-reports')).toHaveCount(0);
  const history = page.locator('.ant-card').filter({ hasText: text.history });
  await expect(history.getByRole('row').nth(1)).toContainText('本人来电要求删除');
  await expect(history.getByRole('row').nth(1)).toContainText(text.actions.anonymise!);
  await shot(page, 'console-privacy-done', { fullPage: true });

  // The broker's report keeps its place, with 客户X and the masked number.
  const token = await apiSignIn(request, BROKER);
  const res = await request.post('/api/record/get-record-data', { headers: { Authorization: token }, data: { id: recordId } });
  expect(res.ok()).toBeTruthy();
  const detail = (await res.json()).data as RecordDetail;
  expect(detail.customerInfo.name).toMatch(/^客户[0-9A-Z]+$/);
  expect(detail.customerInfo.customerPic).toEqual([]);
  expect(detail.customerInfo.phone).toBe(anonymousPhone(customerPhone));
});

test('an operator writes the company’s 隐私政策 in 品牌设置 and the phone’s /privacy shows it', async ({ page, request, browser, baseURL }) => {
  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  expect(sign.ok(), await sign.text()).toBeTruthy();
  await page.goto('/admin/login');
  await page.evaluate((value) => window.localStorage.setItem('baobei.console.token', value), (await sign.json()).data.token as string);

  // Before: the built-in policy with the company's months (decision 095), open to anyone.
  const phone = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await phone.goto('/privacy');
  const article = phone.getByTestId('privacy-policy');
  await expect(article).toContainText(privacyPolicyMessages.sections[3].title);
  await expect(article).not.toContainText('{months}');
  await expect(phone.getByTestId('privacy-policy-own')).toHaveCount(0);
  await shot(phone, 'privacy-built-in');

  await page.goto('/admin/brand');
  const policy = '本公司隐私政策\n一、我们只收集报备所需的客户姓名与手机号。';
  await page.getByLabel(adminBrandText.sectionPrivacyPolicy, { exact: true }).fill(policy);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminCompanyMessages.saved)).toBeVisible();
  await shot(page, 'console-privacy-policy', { fullPage: true });

  await phone.reload();
  await expect(phone.getByTestId('privacy-policy-own')).toHaveText(policy);
  await shot(phone, 'privacy-own');
  await phone.close();
});
