import { messages } from '@baobei/shared/messages';
import { formatCommissionEstimate } from '@baobei/shared/rules/house-format';
import { apiSignIn, expect, shot, signInWithPassword, test } from './support';

const listText = messages.houseList;
const BROKER = '13800000003';

/**
 * Finding listings by what they pay (issue 32 item 5, decision 090): a broker sorts the list by
 * 佣金从高到低 for 商铺, and filters 高佣 and 有激励; the cards follow the server's order and say
 * which property type their commission is for. A visitor is offered neither.
 */
test('a broker sorts listings by commission and filters 高佣 and 有激励', async ({ page, request }) => {
  const token = await apiSignIn(request, BROKER);
  const apiList = async (body: object) => {
    const res = await request.post('/api/index/get-house-list?page=1&pageSize=8', { headers: { Authorization: token }, data: body });
    expect(res.ok()).toBeTruthy();
    return (await res.json()).data.list as { id: number; name: string; commissionEstimateFen: number | null }[];
  };

  await signInWithPassword(page, BROKER);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/house/list');
  await expect(page.getByTestId('house-item').first()).toBeVisible();

  const sorted = page.waitForRequest((r) => r.url().includes('/api/index/get-house-list') && r.postDataJSON()?.order === 'COMMISSION');
  await page.locator('.adm-dropdown-item').nth(4).click();
  await page.getByTestId('filter-sort').getByText(listText.sortCommission('商铺')).click();
  expect((await sorted).postDataJSON()).toMatchObject({ order: 'COMMISSION', commissionProperty: 'SHOP' });
  await expect(page).toHaveURL(/order=COMMISSION&property=SHOP/);
  const want = await apiList({ order: 'COMMISSION', commissionProperty: 'SHOP' });
  expect(want[0]!.commissionEstimateFen).not.toBeNull();
  await expect(page.getByTestId('house-item-name')).toHaveText(want.map((w) => w.name));
  const first = page.getByTestId('house-item').first();
  await expect(first.getByTestId('house-item-commission')).toContainText(listText.estimateFor('商铺'));
  await expect(first.getByTestId('house-item-estimate')).toHaveText(formatCommissionEstimate(want[0]!.commissionEstimateFen!));
  await shot(page, 'listing-commission-sorted');

  await page.getByTestId('house-chip-highCommission').click();
  await expect(page).toHaveURL(/high=1/);
  await page.getByTestId('house-chip-incentive').click();
  await expect(page).toHaveURL(/incentive=1/);
  const both = await apiList({ order: 'COMMISSION', commissionProperty: 'SHOP', highCommission: '1', incentive: '1' });
  if (both.length) await expect(page.getByTestId('house-item-name')).toHaveText(both.map((w) => w.name));
  else await expect(page.getByTestId('house-list-empty')).toBeVisible();
  await expect(page.getByTestId('house-chip-highCommission')).toHaveAttribute('aria-pressed', 'true');

  // Back to 默认排序: the list order again, the chips kept.
  await page.locator('.adm-dropdown-item').nth(4).click();
  await page.getByTestId('filter-sort').getByText(listText.sortDefault).click();
  await expect(page).not.toHaveURL(/order=/);
  await expect(page).toHaveURL(/high=1/);
});

test('a visitor gets no 排序 and no commission chips', async ({ page }) => {
  await page.goto('/house/list');
  await expect(page.getByTestId('house-item').first()).toBeVisible();
  await expect(page.locator('.adm-dropdown-item')).toHaveCount(4);
  await expect(page.getByTestId('house-commission-chips')).toHaveCount(0);
});
