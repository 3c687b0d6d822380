import { type APIRequestContext, type Page } from '@playwright/test';
import { adminHouseListMessages as text, adminHouseMessages } from '@baobei/shared/messages/admin';
import { expect, test, confirmPopup, firstListings, PASSWORD, shot, searchConsoleTable } from './support';

/**
 * The console's 楼盘管理 (issue 15, items 4 and 6; decision 043) at 1440x900: the operator of
 * localhost (13800000009) finds a listing by name, withdraws it, and the mobile app's list
 * (390x844) no longer shows it; the change history names the change; restoring brings it back;
 * the arrival link opens the external list and renewing kills the old one. The operator of
 * company 127.0.0.1 (13900000009) does not see localhost's listings and is refused one
 * (楼盘不存在). SHOTS=<dir> also saves the screenshots (1440x900 and 1024x768).
 */
const OPERATOR = '13800000009';
const OTHER_OPERATOR = '13900000009';
const TOKEN_KEY = 'baobei.console.token';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });


/** A console session over the API on `origin`, put where the console keeps it. */
async function signIn(page: Page, request: APIRequestContext, origin: string, phone: string): Promise<string> {
  const res = await request.post(`${origin}/api/admin/auth/sign`, { data: { phone, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = (await res.json()).data.token as string;
  await page.goto(`${origin}/admin/login`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  return token;
}

/** Searches the table by name; answers the listing's row. */
async function search(page: Page, name: string) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/admin/house/list') && r.url().includes('keyword='));
  await searchConsoleTable(page.getByPlaceholder(text.keywordPlaceholder), name);
  await listed;
  return page.locator('tr.ant-table-row').filter({ hasText: name });
}

test('the operator withdraws a listing, the app no longer lists it, the history shows it, and it comes back', async ({ page, request, browser, baseURL }) => {
  // A long journey (two browsers, the table, drawer and modal at two sizes) on a shared machine.
  test.setTimeout(180_000);
  const [listing] = await firstListings(request);
  const token = await signIn(page, request, baseURL!, OPERATOR);

  await page.goto('/admin/houses');
  await expect(page.getByRole('menu').first().getByText('楼盘管理', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.title);
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByText(/共 \d+ 个楼盘/)).toBeVisible();
  await shot(page, 'houses-table-1440');

  const row = await search(page, listing!.name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(text.active);
  await expect(row.getByRole('link', { name: text.edit })).toHaveAttribute('href', `/admin/houses/${listing!.id}/edit`);

  // Another tab saves the listing after the table was read: withdrawing on the old version is
  // refused (409), the hint shows and the table reloads with the current version.
  const read = await request.get(`/api/admin/house/get?id=${listing!.id}`, { headers: { Authorization: token } });
  const { version } = (await read.json()).data as { version: number };
  const saved = await request.post('/api/admin/house/update', { headers: { Authorization: token }, data: { id: listing!.id, version, specialTip: '另一个标签页的修改' } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await row.getByRole('button', { name: /下\s*架/ }).click();
  const stale = page.waitForResponse((r) => r.url().includes('/api/admin/house/withdraw'));
  await confirmPopup(page, /下\s*架/);
  expect((await stale).status()).toBe(409);
  await expect(page.getByText(text.reloaded)).toBeVisible();
  await expect(row).toContainText(text.active);

  // 下架, confirmed.
  await row.getByRole('button', { name: /下\s*架/ }).click();
  await expect(page.locator('.ant-popconfirm:visible')).toContainText(text.withdrawConfirmHint(0).replace('。', ''));
  await confirmPopup(page, /下\s*架/);
  await expect(page.getByText(text.withdrawDone)).toBeVisible();
  await expect(row).toContainText(text.withdrawn);
  await expect(row.getByRole('button', { name: /恢\s*复/ })).toBeVisible();

  // The mobile app's list, searched by the name, no longer has it.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto(`/house/list?keyword=${encodeURIComponent(listing!.name)}`);
  await expect(mobile.getByTestId('house-list-empty')).toBeVisible();
  await expect(mobile.getByTestId('house-item')).toHaveCount(0);

  // 变更记录: the withdrawal, by whom, 上架状态 上架 → 已下架.
  await row.getByText(text.history).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.locator('.ant-drawer-title')).toHaveText(text.historyTitle(listing!.name));
  const latest = drawer.getByTestId('house-history-entry').first();
  await expect(latest).toContainText(text.actionLabels['house.withdraw']!);
  await expect(latest).toContainText('梁运营（运营管理员）');
  const change = latest.locator('tbody tr').filter({ hasText: text.fields.active! });
  await expect(change.locator('td').nth(1)).toHaveText(text.active);
  await expect(change.locator('td').nth(2)).toHaveText(text.withdrawn);
  await shot(page, 'houses-history-1440');
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // 恢复: back in the table and in the app.
  await row.getByRole('button', { name: /恢\s*复/ }).click();
  await confirmPopup(page, /恢\s*复/);
  await expect(page.getByText(text.restoreDone)).toBeVisible();
  await expect(row).toContainText(text.active);
  await mobile.reload();
  await expect(mobile.getByTestId('house-item')).toHaveCount(1);
  await expect(mobile.getByTestId('house-item').first()).toHaveAttribute('data-house-id', String(listing!.id));
  await phone.close();

  // The history now starts with the restore, above the withdrawal and the other tab's save.
  await row.getByText(text.history).click();
  const entries = drawer.getByTestId('house-history-entry');
  await expect(entries.first()).toContainText(text.actionLabels['house.restore']!);
  await expect(entries.nth(1)).toContainText(text.actionLabels['house.withdraw']!);
  await expect(entries.nth(2)).toContainText(text.actionLabels['house.update']!);
  await expect(entries.nth(2).locator('tbody tr').filter({ hasText: text.fields.specialTip! })).toContainText('另一个标签页的修改');
  await drawer.locator('.ant-drawer-close').click();

  // 到访链接: the full address; it opens the external list; renewing kills the old one.
  await row.getByText(text.arrivalLink).click();
  const modal = page.locator('.ant-modal-content');
  await expect(modal.locator('.ant-modal-title')).toHaveText(text.linkTitle(listing!.name));
  const field = modal.getByTestId('arrival-link-url');
  await expect(field).toHaveValue(new RegExp(`^${baseURL}/external/record/list\\?houseId=${listing!.id}&sign=`));
  const first = await field.inputValue();
  const counts = (url: string) => {
    const u = new URL(url);
    return request.get(`/api/record/get-report-auto-count?houseId=${u.searchParams.get('houseId')}&sign=${encodeURIComponent(u.searchParams.get('sign')!)}`);
  };
  expect((await counts(first)).status()).toBe(200);
  await shot(page, 'houses-link-1440');
  await modal.getByRole('button', { name: text.linkRenew }).click();
  await expect(page.getByText(text.linkRenewHint)).toBeVisible();
  await confirmPopup(page, new RegExp(text.linkRenew));
  await expect(page.getByText(text.linkRenewed)).toBeVisible();
  await expect(field).not.toHaveValue(first);
  const renewed = await field.inputValue();
  expect((await counts(first)).status()).toBe(403);
  expect((await counts(renewed)).status()).toBe(200);
  await modal.getByRole('button', { name: /关\s*闭/ }).click();

  // The same pages at a 1024 px laptop.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(300);
  await shot(page, 'houses-table-1024');
  await row.getByText(text.history).click();
  await expect(drawer.getByTestId('house-history-entry').first()).toContainText(text.actionLabels['house.external-link-renew']!);
  await shot(page, 'houses-history-1024');
  await drawer.locator('.ant-drawer-close').click();
  await row.getByText(text.arrivalLink).click();
  await expect(field).toHaveValue(renewed);
  await shot(page, 'houses-link-1024');
});

test("the operator of company 127.0.0.1 neither sees nor opens localhost's listings", async ({ page, request, secondBaseURL }) => {
  test.setTimeout(120_000);
  const [listing] = await firstListings(request);
  const other = secondBaseURL;
  const token = await signIn(page, request, other, OTHER_OPERATOR);

  await page.goto(`${other}/admin/houses`);
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.title);
  const row = await search(page, listing!.name);
  await expect(row).toHaveCount(0);
  await expect(page.getByText(text.noMatch)).toBeVisible();
  await shot(page, 'houses-empty-1440');

  // The listing's calls: 楼盘不存在.
  for (const path of [`/api/admin/house/get?id=${listing!.id}`, `/api/admin/house/history?id=${listing!.id}`, `/api/admin/house/arrival-link?id=${listing!.id}`]) {
    const res = await request.get(`${other}${path}`, { headers: { Authorization: token } });
    expect(res.status(), path).toBe(404);
    expect((await res.json()).msg).toBe(adminHouseMessages.notFound);
  }
  const renew = await request.post(`${other}/api/admin/house/renew-arrival-link`, { headers: { Authorization: token }, data: { id: listing!.id } });
  expect(renew.status()).toBe(404);

  // A failed list: the error in place, with 重试.
  await page.route('**/api/admin/house/list*', (route) =>
    route.fulfill({ status: 500, json: { code: 500, type: 500, msg: '服务器繁忙', message: '服务器繁忙', data: null } }),
  );
  await page.goto(`${other}/admin/houses`);
  await expect(page.getByRole('alert').filter({ hasText: text.loadFailed })).toContainText('服务器繁忙');
  await expect(page.locator('.ant-empty')).toContainText(text.loadFailed);
  await shot(page, 'houses-error-1440');

  // The listing's edit page (the form's own page): 楼盘不存在.
  await page.unrouteAll();
  await page.goto(`${other}/admin/houses/${listing!.id}/edit`);
  await expect(page.getByText(adminHouseMessages.notFound).first()).toBeVisible();
});
