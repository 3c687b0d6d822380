import { type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { privacyNoticeMessages } from '@baobei/shared/messages/privacy-notice';
import { expect, test, dialog, fullPhoneListing, latestToast, reportOverApi, signInWithPassword, shot, uploadPicture } from './support';

// Unique per run, so a retry never meets the earlier run's report.
const customerPhone = `166${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const masked = `${customerPhone.slice(0, 3)}****${customerPhone.slice(-4)}`;

async function openForm(page: Page, phone: string, houseId: number, houseName: string) {
  await signInWithPassword(page, phone);
  await expect(page).toHaveURL(/\/home/);
  await page.goto(`/house/record/${houseId}`);
  await expect(page.getByTestId('report-houses')).toContainText(houseName);
}

async function pickEarliestTime(page: Page) {
  await page.getByTestId('report-visit-time').click();
  await page.locator('.adm-picker-header-button').getByText(messages.common.confirm).click();
  await expect(page.getByTestId('report-visit-time-value')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
}

async function addCustomer(page: Page, name: string, phone: string) {
  await page.getByTestId('report-add-customer').click();
  await page.getByTestId('customer-form-name').locator('input').fill(name);
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexMale).click();
  await page.getByTestId('customer-form-phone').locator('input').fill(phone);
  await page.getByTestId('customer-form-submit').click();
  await expect(page.locator('.adm-popup-body')).toBeHidden();
  await expect(page.getByTestId('report-customer').filter({ hasText: phone })).toHaveCount(1);
}

test.describe('report submit', () => {
  test('a broker reports a customer for a listing', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    await openForm(page, '13800000003', listing.id, listing.name);

    // The viewing person defaults to the reporter; the rules answer in the spec's order.
    await expect(page.getByTestId('report-dk-phone').locator('input')).toHaveValue('13800000003');
    await page.getByTestId('report-submit').click();
    await expect(latestToast(page)).toHaveText(messages.record.visitTimeRequired);
    await pickEarliestTime(page);
    await page.getByTestId('report-submit').click();
    await expect(latestToast(page)).toHaveText(messages.record.customerRequired);

    await addCustomer(page, '周', customerPhone);
    await expect(page.getByTestId('report-customer')).toContainText('周先生');
    await expect(page.getByTestId('report-customer-count')).toHaveText('1/5');

    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-dialog-title')).toHaveText(messages.recordServer.submitSuccessTitle);
    await expect(dialog(page)).toContainText(listing.name);
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test('a second distributor meets the protected customer', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    // The first distributor's broker reported the customer (as the journey above does on its form).
    await reportOverApi(request, '13800000003', listing.id, [{ name: '周', phone: customerPhone }]);
    await openForm(page, '13800000008', listing.id, listing.name);
    await pickEarliestTime(page);
    await addCustomer(page, '周', customerPhone);
    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-dialog-title')).toHaveText(messages.record.submitFailedTitle);
    await expect(dialog(page)).toContainText(masked);
    await expect(dialog(page)).toContainText('保护期');
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    // The form stays as filled for another try.
    await expect(page.getByTestId('report-customer')).toHaveCount(1);
  });
});

/** Two listings with full phones and no ID documents. */
async function twoPlainListings(request: APIRequestContext): Promise<{ id: number; name: string }[]> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=30', { data: {} });
  const list = (await res.json()).data.list as { id: number; name: string }[];
  const found: { id: number; name: string }[] = [];
  for (const item of list) {
    const detail = (await (await request.post('/api/index/get-house-data', { data: { id: item.id } })).json()).data;
    if (detail.ruleTel === 'FULL' && !detail.isNeedIdCard) found.push(item);
    if (found.length === 2) return found;
  }
  throw new Error('fewer than two listings with full phones and no ID documents');
}

// A 1x1 PNG: the qualification picture, checked by content on the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A qualification picture into the open customer popup, waiting until the server took it. */
async function uploadProof(page: Page): Promise<void> {
  await uploadPicture(page.getByTestId('customer-form-pics'), { name: 'proof.png', mimeType: 'image/png', buffer: PNG });
}

test('quick report: two listings, two customers, the rules in the spec’s order', async ({ page, request }) => {
  const [first, second] = await twoPlainListings(request);
  const toast = latestToast(page);
  const phoneA = `167${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const phoneB = `168${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  await signInWithPassword(page, '13800000003');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/rapid/record');
  await expect(page.getByTestId('report-form')).toBeVisible();
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.houseRequired);

  // Listings from the selection screen.
  await page.getByTestId('report-select-house').click();
  await expect(page).toHaveURL(/\/house\/record\/select\/house/);
  const search = page.getByTestId('select-house-search').locator('input');
  for (const house of [first!, second!]) {
    await search.fill(house.name);
    const item = page
      .getByTestId('select-house-item')
      .filter({ has: page.getByTestId('select-house-name').getByText(house.name, { exact: true }) });
    await item.click();
    await expect(item).toHaveAttribute('data-checked', 'true');
  }
  await page.getByTestId('select-confirm').click();
  await expect(page).toHaveURL(/\/rapid\/record/);
  await expect(page.getByTestId('report-houses')).toContainText(first!.name);
  await expect(page.getByTestId('report-houses')).toContainText(second!.name);
  // Each chosen listing's phone rule (both take whole numbers), before any refusal says it.
  const phoneRules = page.getByTestId('report-phone-rule');
  await expect(phoneRules).toHaveCount(2);
  for (const rule of await phoneRules.all()) await expect(rule).toContainText(messages.house.ruleTelLine.FULL);

  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.visitTimeRequired);
  // A toast never breaks inside a number ('不能超过1 / 0个').
  expect(await toast.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('normal');
  await pickEarliestTime(page);

  // The stepper sits wholly inside its card.
  const stepperFits = await page.getByTestId('report-visitor-num').evaluate((el) => {
    const card = el.closest('.adm-list-body')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.top >= card.top && box.bottom <= card.bottom - 4;
  });
  expect(stepperFits).toBe(true);

  // Rule 3: an emptied visitor count.
  const visitors = page.getByTestId('report-visitor-num').locator('input');
  await visitors.fill('');
  await visitors.blur();
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.visitorNumRequired);
  await visitors.fill('2');
  await visitors.blur();

  // The viewing person: name needs phone, phone needs name, the phone must be valid.
  const dkName = page.getByTestId('report-dk-name').locator('input');
  const dkPhone = page.getByTestId('report-dk-phone').locator('input');
  await dkPhone.fill('');
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.dkPhoneRequired);
  await dkName.fill('');
  await dkPhone.fill('13800000003');
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.dkNameRequired);
  await dkName.fill('王小明');
  await dkPhone.fill('1380000');
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.dkPhoneInvalid);
  await dkPhone.fill('13800000003');

  // Rule 6: no visitor at all (0; a typed negative is held at 0) is refused with its own message.
  await visitors.fill('0');
  await visitors.blur();
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.visitorNumMin);
  await visitors.fill('-3');
  await visitors.blur();
  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.visitorNumMin);
  await visitors.fill('2');
  await visitors.blur();

  await page.getByTestId('report-submit').click();
  await expect(toast).toHaveText(messages.record.customerRequired);

  // A recognised customer without a gender meets the gender dialog.
  await page.getByTestId('report-recognize-text').locator('textarea').fill(`赵敏 ${phoneB}`);
  await page.getByTestId('report-recognize').click();
  await expect(page.getByTestId('report-customer').filter({ hasText: phoneB })).toHaveCount(1);
  await page.getByTestId('report-submit').click();
  await expect(page.locator('.adm-dialog-title')).toHaveText(messages.record.genderDialogTitle);
  await expect(dialog(page)).toContainText('赵敏');
  await shot(page, 'gender-dialog');
  // The dialog's confirm opens the popup on that customer, filled in.
  await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  const popup = page.locator('.adm-popup-body');
  await expect(page.getByTestId('customer-form-title')).toHaveText(messages.customerList.formEditTitle);
  await expect(page.getByTestId('customer-form-name').locator('input')).toHaveValue('赵敏');
  await expect(page.getByTestId('customer-form-phone').locator('input')).toHaveValue(phoneB);
  await shot(page, 'edit-popup-from-dialog');
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexMale).click();
  await page.getByTestId('customer-form-submit').click();
  await expect(popup).toBeHidden();
  // Updated in place: still one row, now 男; the stored draft follows (a reload keeps it).
  await expect(page.getByTestId('report-customer')).toHaveCount(1);
  await expect(page.getByTestId('report-customer').filter({ hasText: phoneB })).toContainText(messages.customerList.sexMale);
  await page.reload();
  await expect(page.getByTestId('report-customer').filter({ hasText: phoneB })).toContainText(messages.customerList.sexMale);
  await expect(page.getByTestId('report-visit-time-value')).toBeVisible();
  // Tapping the row opens it again; 女 this time.
  await page.getByTestId('report-customer').filter({ hasText: phoneB }).click();
  await expect(page.getByTestId('customer-form-name').locator('input')).toHaveValue('赵敏');
  await expect(page.getByTestId('customer-form-sex').locator('.adm-selector-item-active')).toHaveText(messages.customerList.sexMale);
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexFemale).click();
  await page.getByTestId('customer-form-submit').click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('report-customer').filter({ hasText: phoneB })).toContainText(messages.customerList.sexFemale);

  // The second customer through the dialog, with a qualification picture.
  await page.getByTestId('report-add-customer').click();
  await page.getByTestId('customer-form-name').locator('input').fill('孙晓雯');
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexFemale).click();
  await page.getByTestId('customer-form-phone').locator('input').fill(phoneA);
  await uploadProof(page);
  // The picture needs the customer's separate consent (decision 095).
  await page.getByTestId('customer-form-submit').click();
  await expect(toast).toHaveText(messages.customer.picConsentRequired);
  await page.getByTestId('customer-form-pic-consent').click();
  await page.getByTestId('customer-form-submit').click();
  await expect(page.getByTestId('report-customer').filter({ hasText: phoneA })).toHaveCount(1);
  await expect(page.getByTestId('report-customer-count')).toHaveText('2/5');

  // Editing keeps the adding rules: another row's phone is refused, the row's own is fine, 移除 stays.
  await page.getByTestId('report-customer').filter({ hasText: phoneA }).click();
  await expect(page.getByTestId('customer-form-phone').locator('input')).toHaveValue(phoneA);
  await expect(page.getByTestId('customer-form-pics').locator('.adm-image-uploader-cell img')).toHaveCount(1);
  await shot(page, 'edit-popup-filled');
  await page.getByTestId('customer-form-phone').locator('input').fill(phoneB);
  await page.getByTestId('customer-form-submit').click();
  await expect(toast).toHaveText(messages.customer.phoneDuplicate);
  await page.getByTestId('customer-form-phone').locator('input').fill(phoneA);
  await page.getByTestId('customer-form-name').locator('input').fill('孙晓');
  await page.getByTestId('customer-form-submit').click();
  await expect(page.locator('.adm-popup-body')).toBeHidden();
  await expect(page.getByTestId('report-customer').filter({ hasText: phoneA })).toContainText('孙晓');
  await expect(page.getByTestId('report-customer')).toHaveCount(2);
  await shot(page, 'form-after-edit');
  const phoneC = `169${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.getByTestId('report-recognize-text').locator('textarea').fill(`周芷若 女 ${phoneC}`);
  await page.getByTestId('report-recognize').click();
  await expect(page.getByTestId('report-customer')).toHaveCount(3);
  await page.getByTestId('report-customer').filter({ hasText: phoneC }).getByTestId('report-customer-remove').click();
  await expect(page.getByTestId('report-customer')).toHaveCount(2);
  await expect(page.locator('.adm-popup-body')).toBeHidden();

  await page.getByTestId('report-submit').click();
  await expect(page.locator('.adm-dialog-title')).toHaveText(messages.recordServer.submitSuccessTitle);
  for (const name of [first!.name, second!.name]) await expect(dialog(page)).toContainText(name);
  await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(page).toHaveURL(/\/home/);
});

/** A listing with full phones that needs the customers' ID documents. */
async function proofListing(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=30', { data: {} });
  const list = (await res.json()).data.list as { id: number; name: string }[];
  for (const item of list) {
    const detail = (await (await request.post('/api/index/get-house-data', { data: { id: item.id } })).json()).data;
    if (detail.ruleTel === 'FULL' && detail.isNeedIdCard) return item;
  }
  throw new Error('no listing with full phones that needs ID documents');
}

test('the proof dialog opens the popup on the customer without proof', async ({ page, request }) => {
  const listing = await proofListing(request);
  const phone = `165${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await openForm(page, '13800000003', listing.id, listing.name);
  await pickEarliestTime(page);
  await addCustomer(page, '钱多多', phone);
  await page.getByTestId('report-submit').click();
  await expect(page.locator('.adm-dialog-title')).toHaveText(messages.record.proofDialogTitle);
  await expect(dialog(page)).toContainText('钱多多');
  await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(page.getByTestId('customer-form-title')).toHaveText(messages.customerList.formEditTitle);
  await expect(page.getByTestId('customer-form-phone').locator('input')).toHaveValue(phone);
  await uploadProof(page);
  await page.getByTestId('customer-form-pic-consent').click();
  await shot(page, 'proof-popup');
  await page.getByTestId('customer-form-submit').click();
  await expect(page.locator('.adm-popup-body')).toBeHidden();
  await expect(page.getByTestId('report-customer')).toHaveCount(1);
  await expect(page.getByTestId('report-customer')).toContainText(messages.reportForm.picCount(1));
  await expect(page.getByTestId('report-customer-consent-missing')).toHaveCount(0);
  // 个人信息告知 (decision 095) on the form, its 隐私政策 opened over it.
  await expect(page.getByTestId('report-notice')).toContainText(privacyNoticeMessages.policyLink);
  await page.getByTestId('report-notice-policy').click();
  await expect(page.getByTestId('privacy-policy')).toBeVisible();
  await page.getByRole('button', { name: privacyNoticeMessages.close }).click();
  await expect(page.getByTestId('privacy-policy')).toBeHidden();
  await page.getByTestId('report-submit').click();
  await expect(page.locator('.adm-dialog-title')).toHaveText(messages.recordServer.submitSuccessTitle);
  await expect(dialog(page)).toContainText(listing.name);
});
