import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { expect, test, apiSignIn, firstListings, shot, signInWithPassword } from './support';

function houseItem(page: Page, name: string) {
  return page.getByTestId('select-house-item').filter({ has: page.getByTestId('select-house-name').getByText(name, { exact: true }) });
}

test.describe('report selection screens', () => {
  test('a broker picks listings, customers and the viewing person for the draft', async ({ page, request }) => {
    const [first, second] = await firstListings(request, 2);
    expect(first && second).toBeTruthy();

    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);

    // Listings: search by part of each name, pick both, confirm.
    await page.goto('/house/record/select/house');
    await expect(page.getByTestId('select-house-item').first()).toBeVisible();
    const search = page.getByTestId('select-house-search').locator('input');
    for (const house of [first!, second!]) {
      const part = house.name.slice(0, Math.max(2, house.name.length - 1));
      // The search's own answer, shown: a click while the unfiltered list is still there would
      // land on whichever row the answer puts under the pointer.
      const searched = page.waitForResponse(
        (r) => r.url().includes('/api/index/get-house-list') && (r.request().postData() ?? '').includes(`"keyword":"${part}"`),
      );
      await search.fill(part);
      const found = ((await (await searched).json()).data.list as unknown[]).length;
      await expect(page.getByTestId('select-house-item')).toHaveCount(found);
      await expect(houseItem(page, house.name)).toBeVisible();
      await houseItem(page, house.name).click();
      await expect(houseItem(page, house.name)).toHaveAttribute('data-checked', 'true');
    }
    await expect(page.getByTestId('select-count')).toContainText(messages.reportSelect.selectedCount(2));
    await page.getByTestId('select-confirm').click();
    // Opened directly: the confirm goes on to the draft's form.
    await expect(page).toHaveURL(/\/rapid\/record/);

    // The draft now holds them: they show chosen on reopening.
    await page.goto('/house/record/select/house');
    await expect(houseItem(page, first!.name)).toHaveAttribute('data-checked', 'true');
    await expect(houseItem(page, second!.name)).toHaveAttribute('data-checked', 'true');
    await expect(page.getByTestId('select-count')).toContainText(messages.reportSelect.selectedCount(2));

    // Customers: pick two, confirm; reopened they are checked and disabled.
    const token = await apiSignIn(request, '13800000003');
    const res = await request.post('/api/record/get-customer-list', { headers: { authorization: token }, data: {} });
    const customers = ((await res.json()).data as { list: { name: string; phone: string }[] }[]).flatMap((g) => g.list);
    expect(customers.length).toBeGreaterThan(1);
    await page.goto('/house/record/select/customer');
    const rows = page.getByTestId('select-customer-row');
    await expect(rows).toHaveCount(customers.length);
    await rows.filter({ hasText: customers[0]!.phone }).click();
    await rows.filter({ hasText: customers[1]!.phone }).click();
    await expect(page.getByTestId('select-count')).toContainText(messages.reportSelect.selectedCount(2));
    await page.getByTestId('select-confirm').click();
    await expect(page).toHaveURL(/\/rapid\/record/);
    await page.goto('/house/record/select/customer');
    await expect(rows.filter({ hasText: customers[0]!.phone })).toBeDisabled();
    await expect(rows.filter({ hasText: customers[1]!.phone })).toHaveAttribute('data-checked', 'true');

    // Viewing person: search locally, tap one.
    await page.goto('/house/record/select/staff');
    const staff = page.getByTestId('select-staff-row');
    await expect(staff.first()).toBeVisible();
    const phone = (await staff.first().locator('span').last().textContent())?.trim() ?? '';
    expect(phone).not.toBe('');
    await page.getByTestId('select-staff-search').locator('input').fill(phone.slice(-4));
    await expect(staff.filter({ hasText: phone })).toBeVisible();
    await staff.filter({ hasText: phone }).first().click();
    await expect(page).toHaveURL(/\/rapid\/record/);
    await page.goto('/house/record/select/staff');
    await expect(staff.filter({ hasText: phone }).first()).toHaveAttribute('aria-pressed', 'true');
  });
});

test('a customer added on the select screen is stored and picked', async ({ page }) => {
  const phone = `169${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await signInWithPassword(page, '13800000002');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/house/record/select/customer');
  await page.getByTestId('select-customer-add').click();
  await page.getByTestId('customer-form-name').locator('input').fill('冯雨');
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexFemale).click();
  await page.getByTestId('customer-form-phone').locator('input').fill(phone);
  await page.getByTestId('customer-form-submit').click();
  const row = page.getByTestId('select-customer-row').filter({ hasText: phone });
  await expect(row).toHaveAttribute('data-checked', 'true');
  await expect(page.getByTestId('select-count')).toContainText(messages.reportSelect.selectedCount(1));
});

test('sold-out and stopped listings cannot be chosen for a report, with the reason', async ({ page, request }) => {
  const byStatus = async (sellingStatus: string) => {
    const res = await request.post('/api/index/get-house-list?page=1&pageSize=1', { data: { sellingStatus } });
    const [house] = (await res.json()).data.list as { id: number; name: string }[];
    expect(house).toBeTruthy();
    return house!;
  };
  const soldOut = await byStatus('SELL_OUT');
  const stopped = await byStatus('STOP_SELL');

  await signInWithPassword(page, '13800000003');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/house/record/select/house');
  const search = page.getByTestId('select-house-search').locator('input');
  for (const [house, text] of [
    [soldOut, '售罄'],
    [stopped, '停售'],
  ] as const) {
    await search.fill(house.name);
    const row = houseItem(page, house.name);
    await expect(row).toHaveAttribute('data-blocked', 'true');
    await row.click();
    await expect(page.getByText(messages.record.houseNotReportable(house.name, text))).toBeVisible();
    await expect(row).toHaveAttribute('data-checked', 'false');
    await expect(page.getByTestId('select-count')).toContainText(messages.reportSelect.selectedCount(0));
    if (text === '售罄') await shot(page, 'select-house-sold-out');
  }

  // A listing's own form (/house/record/:id) says why and leaves the listing out.
  await page.goto(`/house/record/${stopped.id}`);
  await expect(page.getByText(messages.record.houseNotReportable(stopped.name, '停售'))).toBeVisible();
  await expect(page.getByTestId('report-select-house')).toBeVisible();
  await expect(page.getByTestId('report-houses')).toHaveCount(0);
  await shot(page, 'report-form-stopped');
});
