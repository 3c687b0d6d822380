import type { APIRequestContext } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { developerGroupCopyText } from '@baobei/shared/rules/record-view';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { apiSignIn, expect, reportOverApi, shot, signInWithPassword, test, toastSaying } from './support';

const recordText = messages.recordTrack;
const BROKER = '13800000003';

/** A listing whose phone rule is MASKED and that needs no ID documents. */
async function maskedListing(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
  expect(res.ok()).toBeTruthy();
  for (const item of (await res.json()).data.list as { id: number; name: string }[]) {
    const detail = await request.post('/api/index/get-house-data', { data: { id: item.id } });
    const data = (await detail.json()).data as { ruleTel: string; isNeedIdCard: boolean };
    if (data.ruleTel === 'MASKED' && !data.isNeedIdCard) return item;
  }
  throw new Error('no listing with masked phones and no ID documents');
}

async function reportAsBroker(request: APIRequestContext, token: string, id: number): Promise<RecordDetail> {
  const res = await request.post('/api/record/get-record-data', { headers: { Authorization: token }, data: { id } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as RecordDetail;
}

/**
 * 复制报备 (issue 32 item 4, decision 090): a broker copies the spec's report text for the
 * developer's WeChat group, from the report's detail and from the list's multi-select; on a
 * MASKED listing the full number the broker typed is copied as 3 + 4 digits.
 */
test('a broker copies reports for the developer group from the detail and the list', async ({ page, context, request }) => {
  const listing = await maskedListing(request);
  const [first, second] = await reportOverApi(request, BROKER, listing.id, [
    { name: '复制甲', phone: '19900007701' },
    { name: '复制乙', phone: '19900007702' },
  ]);
  const token = await apiSignIn(request, BROKER);
  const reports = [await reportAsBroker(request, token, first!), await reportAsBroker(request, token, second!)];
  // The broker reads what was typed; the copied text reads as the developer's side does.
  expect(reports[0]!.customerInfo.phone).toBe('19900007701');
  const expected = reports.map((r) => developerGroupCopyText(r));
  expect(expected[0]).toContain('客户电话：199****7701');
  expect(expected[0]).toContain(`报备项目：${listing.name}`);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithPassword(page, BROKER);
  await expect(page).toHaveURL(/\/home/);

  await page.goto(`/record/detail/${first}`);
  await page.getByTestId('record-copy').click();
  await expect(toastSaying(page, recordText.copyFormatDone)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected[0]);
  await shot(page, 'report-copy-detail');

  await page.goto('/record/list');
  await page.getByTestId('record-multi-select').click();
  await page.getByTestId('record-export').click();
  await expect(toastSaying(page, recordText.copyNothing)).toBeVisible();
  for (const id of [first, second]) await page.locator(`[data-testid="record-item"][data-id="${id}"]`).click();
  await expect(page.getByTestId('record-select-toolbar')).toContainText(recordText.exportSelected(2));
  await expect(page.getByTestId('record-export')).toHaveText(recordText.copyAll);
  await shot(page, 'report-copy-list');
  await page.getByTestId('record-export').click();
  await expect(toastSaying(page, recordText.copyFormatDone)).toBeVisible();
  // In the list's order, whatever order they were chosen in.
  const order = (await page.getByTestId('record-item').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id')))))
    .filter((id) => id === first || id === second);
  const byId = new Map([[first, expected[0]], [second, expected[1]]]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.map((id) => byId.get(id)).join('\n\n'));
});
