import { type APIRequestContext } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { AWAITING_VISIT_STATUSES, formatVisitTime } from '@baobei/shared/rules/awaiting-visit';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { expect, test, apiSignIn, fullPhoneListing, openAs, openPhone, shot } from './support';

const recordText = messages.recordTrack;
const HOUR = 3_600_000;

/** The broker (13800000003) reports one customer for the listing, expected at `visit`; the report's id. */
async function reportAt(request: APIRequestContext, token: string, listingId: number, name: string, phone: string, visit: Date): Promise<number> {
  const res = await request.post('/api/record/post-record-data', {
    headers: { Authorization: token },
    data: {
      selectHouse: [listingId],
      customerList: [{ name, sex: 1, phone, telType: 0, customerPic: [] }],
      visitorNum: 1,
      visitingTime: formatShanghaiMinute(visit),
      dkStaffName: '',
      dkStaffPhone: '',
      reception: '',
      remark: '',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.recordIds[0] as number;
}

/** The auditor admin sends the report to the developer (已发开发商), so the 案场 list waits for it. */
async function sendToDeveloper(request: APIRequestContext, token: string, id: number): Promise<void> {
  const read = await request.post('/api/record/get-record-audit-data', { headers: { Authorization: token }, data: { id } });
  const { version } = (await read.json()).data as { version: number };
  const res = await request.post('/api/record/submit-record-audit-data', {
    headers: { Authorization: token },
    data: { id, approvalStatus: 'RECORDCOMPLETE', visitTime: '', approvalResult: '', version },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('预计到访 on the broker’s waiting reports, the 待到访 view soonest first, and the 案场 list’s search and day', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const listing = await fullPhoneListing(request);
  const broker = await apiSignIn(request, '13800000003');
  const admin = await apiSignIn(request, '13800000007');
  const now = Date.now();
  // Tomorrow (24 hours on, always tomorrow in Shanghai) and two days later; phones no seed has.
  const soon = { name: '到访甲', phone: '16688801234', at: new Date(now + 24 * HOUR) };
  const later = { name: '到访乙', phone: '16688805678', at: new Date(now + 50 * HOUR) };
  const soonId = await reportAt(request, broker, listing.id, soon.name, soon.phone, soon.at);
  const laterId = await reportAt(request, broker, listing.id, later.name, later.phone, later.at);

  // 我的订单: every waiting report shows 预计到访 in the lists' format.
  const page = await openAs(browser, '13800000003');
  await page.goto('/record/list');
  const soonRow = page.locator(`[data-testid="record-item"][data-id="${soonId}"]`);
  await expect(soonRow.getByTestId('record-estimated')).toContainText(formatVisitTime(formatShanghaiMinute(soon.at)));
  await expect(soonRow.getByTestId('record-estimated')).not.toContainText(recordText.visitOverdue);
  await shot(page, 'visits-my-orders');

  // 待到访: only waiting reports, the soonest expected visit first (the seed's past ones marked 已过预计时间).
  const rows = page.getByTestId('record-item');
  const newest = await rows.first().getAttribute('data-id');
  await page.getByTestId('filter-awaiting-visit').click();
  await expect(page).toHaveURL(/view=visit/);
  await expect(page.getByTestId('filter-awaiting-visit')).toHaveAttribute('aria-pressed', 'true');
  // The view's first page replaces the newest-first one; then scroll to its end.
  await expect(rows.first()).not.toHaveAttribute('data-id', newest ?? '');
  await shot(page, 'visits-awaiting-view');
  for (let i = 0; i < 10 && (await page.getByText(recordText.noMore).count()) === 0; i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  await expect(page.locator(`[data-testid="record-item"][data-id="${laterId}"]`)).toBeVisible();
  const statuses = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
  for (const status of statuses) expect(AWAITING_VISIT_STATUSES as readonly (string | null)[]).toContain(status);
  const order = await rows.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-id'))));
  expect(order.indexOf(soonId)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(soonId)).toBeLessThan(order.indexOf(laterId));
  // Past ones (已过预计时间) come before tomorrow's.
  const overdue = await rows.evaluateAll((items, mark) =>
    items.filter((item) => item.querySelector('[data-testid="record-estimated"]')?.textContent?.includes(mark)).map((item) => Number(item.getAttribute('data-id'))), recordText.visitOverdue);
  for (const id of overdue) expect(order.indexOf(id)).toBeLessThan(order.indexOf(soonId));
  await shot(page, 'visits-awaiting-view-end');

  // The 案场 list of the listing: both sent to the developer, found by name, by phone tail and by day.
  await sendToDeveloper(request, admin, soonId);
  await sendToDeveloper(request, admin, laterId);
  const link = await request.post('/api/record/get-report-auto-link', { headers: { Authorization: admin }, data: { houseId: listing.id } });
  const site = await openPhone(browser);
  await site.goto((await link.json()).data.path as string);
  const items = site.getByTestId('external-item');
  const soonItem = site.locator(`[data-testid="external-item"][data-id="${soonId}"]`);
  const laterItem = site.locator(`[data-testid="external-item"][data-id="${laterId}"]`);
  await expect(soonItem.getByTestId('external-estimated')).toContainText(formatVisitTime(formatShanghaiMinute(soon.at)));
  const search = site.getByTestId('external-search').locator('input');

  await search.fill(later.name);
  await expect(laterItem).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(site.getByTestId('external-tabs')).toContainText(`${recordText.externalWaiting} (1)`);

  await search.fill('1234');
  await expect(soonItem).toBeVisible();
  await expect(laterItem).toHaveCount(0);
  await shot(site, 'visits-arrival-tail-search');

  await search.fill('12');
  await expect(site.getByTestId('external-search-problem')).toHaveText(recordText.arrivalTailInvalid);
  await search.fill('');
  await expect(site.getByTestId('external-search-problem')).toHaveCount(0);

  await site.getByTestId('external-day-tomorrow').click();
  await expect(soonItem).toBeVisible();
  await expect(laterItem).toHaveCount(0);
  await expect(site.getByTestId('external-day-tomorrow')).toHaveAttribute('aria-pressed', 'true');
  await shot(site, 'visits-arrival-tomorrow');

  await search.fill(later.name);
  await expect(site.getByTestId('external-empty')).toContainText(recordText.arrivalNoMatch);
  await shot(site, 'visits-arrival-no-match');
  await site.getByTestId('external-day-all').click();
  await expect(laterItem).toBeVisible();
});
