import { type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { expect, test, apiSignIn, fullPhoneListing, latestToast, reportOverApi, signInWithPassword, shot } from './support';

/**
 * Issue 17, item 4 (docs/decisions/054): a broker's reports are audited and the broker hears of it
 * in the message centre: the badge on the my tab, the unread message naming the new status, the
 * report opened from it, the badge one lower after, and 全部已读 emptying 未读.
 *
 * The customers (names 消息甲/消息乙, phones 147…) belong to this journey alone. The auditor admin
 * closes both reports (报备无效), so no open report is left to change what later journeys count
 * or which auditor the submit's pick chooses.
 */
const text = messages.message;
const BROKER = '13800000003';
const ADMIN = '13800000007';

function freshPhone(n: number): string {
  return `147${String(Date.now() % 10_000_000).padStart(7, '0')}${n}`.slice(0, 11);
}

async function unreadOverApi(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/message/get-unread-count', { headers: { Authorization: token }, data: {} });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.count as number;
}

/** The auditor admin closes a report (报备无效) with a reason, as the audit page sends it. */
async function closeOverApi(request: APIRequestContext, token: string, id: number, reason: string): Promise<void> {
  const headers = { Authorization: token };
  const read = await request.post('/api/record/get-record-audit-data', { headers, data: { id } });
  expect(read.ok(), await read.text()).toBeTruthy();
  const version = (await read.json()).data.version as number;
  const moved = await request.post('/api/record/submit-record-audit-data', {
    headers,
    data: { id, approvalStatus: 'RECORDCLOSE', reback: false, approvalResult: reason, version },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
}

/** The kinds `token`'s user has turned off. */
async function disabledKinds(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.post('/api/message/get-settings', { headers: { Authorization: token }, data: {} });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()).data.kinds as { kind: string; enabled: boolean }[]).filter((k) => !k.enabled).map((k) => k.kind);
}

async function saveDisabledKinds(request: APIRequestContext, token: string, kinds: string[]): Promise<void> {
  const res = await request.post('/api/message/save-settings', { headers: { Authorization: token }, data: { disabledKinds: kinds } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

const badge = (page: Page) => page.getByTestId('my-message-badge');

test('a closed report reaches its broker as an unread message that opens the report; 全部已读 empties 未读', async ({ page, request }) => {
  test.setTimeout(120_000);
  const broker = await apiSignIn(request, BROKER);
  const admin = await apiSignIn(request, ADMIN);
  const listing = await fullPhoneListing(request);
  // The protection job runs every minute and may warn the broker of an earlier journey's report
  // at any moment: with those kinds off for the journey, the counts below move only by its own.
  const turnedOff = await disabledKinds(request, broker);
  await saveDisabledKinds(request, broker, [...new Set([...turnedOff, 'PROTECTION_WARNING', 'RECORD_DYNAMIC'])]);
  try {
    await journey(page, request, broker, admin, listing);
  } finally {
    await saveDisabledKinds(request, broker, turnedOff);
  }
});

/** The broker's side of the journey, from the closing of two reports to 全部已读. */
async function journey(page: Page, request: APIRequestContext, broker: string, admin: string, listing: { id: number; name: string }) {
  const customers = [
    { name: '消息甲', phone: freshPhone(1) },
    { name: '消息乙', phone: freshPhone(2) },
  ];
  const before = await unreadOverApi(request, broker);
  const [first, second] = await reportOverApi(request, BROKER, listing.id, customers);
  await closeOverApi(request, admin, first!, '客户信息不全');
  await closeOverApi(request, admin, second!, '客户信息不全');
  // The in-app message is written with the move; allow for a queued delivery all the same.
  await expect.poll(() => unreadOverApi(request, broker)).toBeGreaterThanOrEqual(before + 2);
  const unread = await unreadOverApi(request, broker);

  // The my tab shows the count on 消息.
  await signInWithPassword(page, BROKER);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/home?active=my');
  await expect(badge(page)).toHaveText(unread > 99 ? '99+' : String(unread));
  await shot(page, 'my-tab-badge');

  // 消息: the first report's message is unread, names 报备无效, the listing and the customer.
  await page.getByTestId('my-link-messageList').click();
  await expect(page).toHaveURL(/\/my\/message$/);
  const row = page.locator('[data-testid="message-row"]').filter({ hasText: customers[0]!.name });
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row.getByTestId('message-unread-dot')).toBeVisible();
  await expect(row.getByTestId('message-title')).toHaveText(text.kind.RECORD_STATUS);
  await expect(row.getByTestId('message-content')).toContainText(RECORD_STATUS_TEXT.RECORDCLOSE);
  await expect(row.getByTestId('message-content')).toContainText(listing.name);
  await expect(page.getByTestId('message-tabs')).toContainText(text.tabUnreadCount(unread));

  // Tapping it opens the report it is about.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/record/detail/${first}$`));
  await expect(page.getByTestId('record-detail')).toHaveAttribute('data-status', 'RECORDCLOSE');
  await expect.poll(() => unreadOverApi(request, broker)).toBe(unread - 1);

  // Back in the list it reads as read; the other stays unread.
  await page.goBack();
  await expect(page).toHaveURL(/\/my\/message$/);
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(row.getByTestId('message-unread-dot')).toHaveCount(0);
  const other = page.locator('[data-testid="message-row"]').filter({ hasText: customers[1]!.name });
  await expect(other).toHaveAttribute('data-read', 'false');
  await shot(page, 'message-list');

  // The badge dropped by one.
  await page.goBack();
  await expect(page).toHaveURL(/active=my/);
  await expect(badge(page)).toHaveText(String(unread - 1));

  // 未读 lists only unread ones; 全部已读 empties it and the badge goes.
  await page.getByTestId('my-link-messageList').click();
  await page.getByTestId('message-tabs').getByText(text.tabUnreadCount(unread - 1)).click();
  await expect(page).toHaveURL(/tab=unread/);
  await expect(other).toBeVisible();
  await expect(page.locator('[data-testid="message-row"][data-read="true"]')).toHaveCount(0);
  await page.getByTestId('message-read-all').click();
  await expect(latestToast(page)).toHaveText(text.readAllDone);
  await expect(page.getByTestId('message-empty')).toContainText(text.emptyUnread);
  await expect(page.getByTestId('message-read-all')).toBeDisabled();
  await shot(page, 'message-unread-empty');
  expect(await unreadOverApi(request, broker)).toBe(0);
  await page.goto('/home?active=my');
  await expect(page.getByTestId('my-link-messageList')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
}

test('消息设置 turns a kind off and on again; a list that fails offers a retry', async ({ page, request }) => {
  // Whatever happens below, the broker hears of every kind again for the journeys after this one.
  const broker = await apiSignIn(request, BROKER);
  try {
    await settingsAndFailure(page);
  } finally {
    await saveDisabledKinds(request, broker, []);
  }
});

/** 消息设置 saved and read back, then the list's error state and its retry. */
async function settingsAndFailure(page: Page) {
  await signInWithPassword(page, BROKER);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/my/message');
  await page.getByTestId('message-settings-link').click();
  await expect(page).toHaveURL(/\/my\/message\/settings$/);
  const statusSwitch = page.getByTestId('message-setting-RECORD_STATUS');
  await expect(statusSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('message-settings-wechat')).toBeVisible();
  await expect(page.getByText(text.settingsHint)).toBeVisible();
  await shot(page, 'message-settings');

  await statusSwitch.click();
  await expect(latestToast(page)).toHaveText(text.settingsSaved);
  await page.reload();
  await expect(page.getByTestId('message-setting-RECORD_STATUS')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('message-setting-RECORD_STATUS').click();
  await expect(latestToast(page)).toHaveText(text.settingsSaved);
  await page.reload();
  await expect(page.getByTestId('message-setting-RECORD_STATUS')).toHaveAttribute('aria-checked', 'true');

  // A list that fails says so and loads on a tap.
  let fail = true;
  await page.route('**/api/message/get-message-list**', (route) =>
    fail
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, type: 500, msg: '', message: '', data: null }) })
      : route.continue(),
  );
  await page.goto('/my/message');
  const error = page.getByTestId('message-error');
  await expect(error).toContainText(text.loadError);
  await shot(page, 'message-error');
  fail = false;
  await error.click();
  await expect(page.locator('[data-testid="message-list"], [data-testid="message-empty"]').first()).toBeVisible();
}
