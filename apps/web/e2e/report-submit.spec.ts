import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messages as m } from '@baobei/shared/messages';
import { dialog, signInWithPassword } from './support';

/** A listing whose phones must be full and that needs no ID documents. */
async function fullPhoneListing(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()).data.list as { id: number; name: string }[];
  for (const item of list) {
    const detail = await request.post('/api/index/get-house-data', { data: { id: item.id } });
    const data = (await detail.json()).data as { ruleTel: string; isNeedIdCard: boolean };
    if (data.ruleTel === 'FULL' && !data.isNeedIdCard) return item;
  }
  throw new Error('no listing with full phones and no ID documents');
}

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
  await page.locator('.adm-picker-header-button').getByText(m.common.confirm).click();
  await expect(page.getByTestId('report-visit-time-value')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
}

async function addCustomer(page: Page, name: string, phone: string) {
  await page.getByTestId('report-add-customer').click();
  await page.getByTestId('customer-form-name').locator('input').fill(name);
  await page.getByTestId('customer-form-sex').getByText(m.customerList.sexMale).click();
  await page.getByTestId('customer-form-phone').locator('input').fill(phone);
  await page.getByTestId('customer-form-submit').click();
  await expect(page.locator('.adm-popup-body')).toBeHidden();
  await expect(page.getByTestId('report-customer').filter({ hasText: phone })).toHaveCount(1);
}

test.describe.serial('report submit', () => {
  test('a broker reports a customer for a listing', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    await openForm(page, '13800000003', listing.id, listing.name);

    // The viewing person defaults to the reporter; the rules answer in the spec's order.
    await expect(page.getByTestId('report-dk-phone').locator('input')).toHaveValue('13800000003');
    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-toast-main')).toHaveText(m.record.visitTimeRequired);
    await pickEarliestTime(page);
    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-toast-main')).toHaveText(m.record.customerRequired);

    await addCustomer(page, '周', customerPhone);
    await expect(page.getByTestId('report-customer')).toContainText('周先生');
    await expect(page.getByTestId('report-customer-count')).toHaveText('1/5');

    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-dialog-title')).toHaveText(m.recordServer.submitSuccessTitle);
    await expect(dialog(page)).toContainText(listing.name);
    await page.locator('.adm-dialog-footer').getByText(m.common.confirm).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test('a second distributor meets the protected customer', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    await openForm(page, '13800000008', listing.id, listing.name);
    await pickEarliestTime(page);
    await addCustomer(page, '周', customerPhone);
    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-dialog-title')).toHaveText(m.record.submitFailedTitle);
    await expect(dialog(page)).toContainText(masked);
    await expect(dialog(page)).toContainText('保护期');
    await page.locator('.adm-dialog-footer').getByText(m.common.confirm).click();
    // The form stays as filled for another try.
    await expect(page.getByTestId('report-customer')).toHaveCount(1);
  });
});
