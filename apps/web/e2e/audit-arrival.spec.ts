import { type APIRequestContext } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { expect, test, apiSignIn, confirmDialog, dialog, dialogTitled, firstListings, openAs, openPhone, pickOption, latestToast, shot } from './support';

const recordText = messages.recordTrack;

interface Waiting {
  houseId: number;
  path: string;
  sign: string;
  id: number;
  createdAt: string;
}

/** A seeded report waiting for the developer (已发开发商), made hours ago, and its listing's external link. */
async function seededWaitingReport(request: APIRequestContext, headers: Record<string, string>): Promise<Waiting> {
  const threeHoursAgo = formatShanghaiMinute(new Date(Date.now() - 3 * 3_600_000));
  for (const listing of await firstListings(request, 20)) {
    const link = await request.post('/api/record/get-report-auto-link', { data: { houseId: listing.id }, headers });
    expect(link.ok()).toBeTruthy();
    const path = (await link.json()).data.path as string;
    const sign = new URL(path, 'http://x').searchParams.get('sign')!;
    const list = await request.post('/api/record/get-report-auto-list?page=1&pageSize=50', {
      data: { houseId: listing.id, sign, state: 'WAITING' },
    });
    const items = (await list.json()).data.list as { id: number; createdAt: string }[];
    const old = items.find((item) => item.createdAt < threeHoursAgo);
    if (old) return { houseId: listing.id, path, sign, id: old.id, createdAt: old.createdAt };
  }
  throw new Error('no seeded report waiting for the developer');
}

test('audit and arrival: a kept status saves the opinion without the irreversible confirmation; the site staff set the actual visit time', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = { Authorization: await apiSignIn(request, '13800000007') };
  const report = await seededWaitingReport(request, headers);

  // The audit form keeps 已发开发商 and only writes an opinion: no 此操作不可逆, the opinion is saved.
  const admin = await openAs(browser, '13800000007');
  await admin.goto(`/record/audit/${report.id}`);
  await expect(admin.getByTestId('audit-status')).toHaveAttribute('data-status', 'RECORDCOMPLETE');
  await admin.getByTestId('audit-opinion').locator('textarea').fill('客户明天到访');
  await admin.getByTestId('audit-submit').click();
  await expect(dialogTitled(admin, recordText.submitSuccessTitle)).toContainText(recordText.opinionSaved);
  await expect(admin.getByText(recordText.confirmIrreversible)).toHaveCount(0);
  await shot(admin, 'audit-status-kept-saved');
  await confirmDialog(admin, recordText.submitSuccessTitle);
  await expect(admin).not.toHaveURL(/\/record\/audit\//);
  const read = await request.post('/api/record/get-record-audit-data', { data: { id: report.id }, headers });
  const detail = (await read.json()).data as { approvalStatus: string; list: { approvalResult: string }[] };
  expect(detail.approvalStatus).toBe('RECORDCOMPLETE');
  expect(detail.list.map((entry) => entry.approvalResult)).toContain('客户明天到访');

  // The developer's site staff confirm the arrival an hour earlier than now.
  const site = await openPhone(browser);
  await site.goto(report.path);
  const item = site.locator(`[data-testid="external-item"][data-id="${report.id}"]`);
  await item.getByTestId('external-check').click();
  const picker = site.locator('.adm-picker');
  await expect(picker).toContainText(recordText.externalVisitTimeTitle);
  await shot(site, 'external-visit-time-picker');
  const [, nowTime = ''] = formatShanghaiMinute(new Date()).split(' ');
  const hour = Number(nowTime.slice(0, 2));
  // An hour earlier (the minute before the hour, just after midnight), never before the report.
  if (hour > 0) await pickOption(site, `${String(hour - 1).padStart(2, '0')}时`);
  else await pickOption(site, '00分');
  const when = dialog(site).getByTestId('external-check-time');
  await expect(when).toContainText(recordText.externalCheckAt(''));
  const chosen = (await when.innerText()).replace(recordText.externalCheckAt(''), '').trim();
  expect(chosen < formatShanghaiMinute(new Date())).toBe(true);
  expect(chosen >= report.createdAt).toBe(true);
  await shot(site, 'external-check-confirm');
  await site.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(latestToast(site)).toHaveText(recordText.externalCheckDone);
  await site.getByTestId('external-tabs').getByText(new RegExp(`^${recordText.externalChecked}`)).click();
  const checked = site.locator(`[data-testid="external-item"][data-id="${report.id}"]`);
  await expect(checked).toContainText(chosen);
  const after = await request.post('/api/record/get-record-audit-data', { data: { id: report.id }, headers });
  expect((await after.json()).data).toMatchObject({ approvalStatus: 'VISIT', visitTime: chosen });
});
