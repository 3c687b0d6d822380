import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { expect, test, apiSignIn, dialog, signInWithPassword, swipeLeft } from './support';

/** 公司客户 (docs/decisions/024): a shop manager's read-only view of their brokers' customers. */
interface Customer {
  id: number;
  name: string;
  phone: string;
}

function rows(page: Page) {
  return page.getByTestId('customer-row');
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('customer-search').locator('input').fill(keyword);
}

test.describe('company customers', () => {
  test('a shop manager opens 公司客户 from home, sees a broker’s customer with the broker’s name, searches; no 删除', async ({ page, request }) => {
    // A customer of the manager's broker 王小明, as the broker's own list has it.
    const brokerToken = await apiSignIn(request, '13800000003');
    const res = await request.post('/api/record/get-customer-list', { headers: { authorization: brokerToken }, data: {} });
    expect(res.ok()).toBeTruthy();
    const brokers = ((await res.json()).data as { list: Customer[] }[]).flatMap((g) => g.list);
    const customer = brokers[0]!;

    await signInWithPassword(page, '13800000002');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/home?active=fky');
    const tile = page.getByTestId('fky-manager-tools').getByText(messages.home.companyCustomers, { exact: true });
    await tile.click();
    await expect(page).toHaveURL(/\/customer\/company$/);

    const row = rows(page).filter({ hasText: customer.name }).filter({ hasText: customer.phone });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('customer-owner')).toHaveText(messages.customerList.owner('王小明'));
    // Read-only: nothing to add.
    await expect(page.getByTestId('customer-add')).toHaveCount(0);

    // Search by the phone, then by nonsense, then clear.
    const all = await rows(page).count();
    expect(all).toBeGreaterThanOrEqual(brokers.length);
    await search(page, customer.phone);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(customer.name);
    await search(page, 'zzzz-无此客户');
    await expect(page.getByTestId('customer-empty')).toContainText(messages.customerList.searchEmpty);
    await search(page, '');
    await expect(rows(page)).toHaveCount(all);

    // The swipe offers 拨打 only.
    const actions = page.locator('.adm-swipe-action').filter({ has: row });
    await expect(async () => {
      await swipeLeft(page, row);
      await expect(actions.getByRole('button', { name: messages.customerList.call })).toBeInViewport({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(actions.getByRole('button', { name: messages.customerList.remove })).toHaveCount(0);
  });

  test('a broker is not offered 公司客户 and gets the no-permission alert on its page', async ({ page }) => {
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/home?active=fky');
    await expect(page.getByTestId('fky-report-tools')).toBeVisible();
    await expect(page.getByText(messages.home.companyCustomers, { exact: true })).toHaveCount(0);
    await page.goto('/customer/company');
    await expect(dialog(page)).toContainText(messages.common.noPermission);
  });
});
