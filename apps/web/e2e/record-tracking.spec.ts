import { type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { expect, test, apiSignIn, confirmDialog, dialog, dialogTitled, fullPhoneListing, openAs, openPhone, pickOption, reportOverApi, signInWithPassword, latestToast } from './support';

const recordText = messages.recordTrack;

/** A fresh customer per run, so a retry never meets the earlier run's report. */
function freshCustomer(prefix: string) {
  const phone = `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { phone, masked: `${phone.slice(0, 3)}****${phone.slice(-4)}` };
}

/** 13800000003 reports one customer for the listing through the report form. */
async function reportThroughForm(page: Page, listingId: number, name: string, phone: string) {
  await page.goto(`/house/record/${listingId}`);
  await page.getByTestId('report-visit-time').click();
  await page.locator('.adm-picker-header-button').getByText(messages.common.confirm).click();
  await page.getByTestId('report-add-customer').click();
  await page.getByTestId('customer-form-name').locator('input').fill(name);
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexMale).click();
  await page.getByTestId('customer-form-phone').locator('input').fill(phone);
  await page.getByTestId('customer-form-submit').click();
  await page.getByTestId('report-submit').click();
  await expect(page.locator('.adm-dialog-title')).toHaveText(messages.recordServer.submitSuccessTitle);
  await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(page).toHaveURL(/\/home/);
}

/** Finds the report in the list by the customer's phone and opens it; returns its id. */
async function openFromList(page: Page, phone: string, target: RegExp): Promise<number> {
  await page.goto('/record/list');
  const search = page.getByTestId('record-search').locator('input');
  await search.fill(phone);
  await search.press('Enter');
  const item = page.getByTestId('record-item').filter({ hasText: phone });
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(page).toHaveURL(target);
  return Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

/** Submits the audit form with the status chosen (or kept) and confirms every dialog. */
async function submitAudit(page: Page, id: number, status: string | null, dialogTitle: string) {
  await page.goto(`/record/audit/${id}`);
  await expect(page.getByTestId('audit-form')).toBeVisible();
  if (status) {
    await page.getByTestId('audit-status-row').click();
    await pickOption(page, status);
  }
  await page.getByTestId('audit-submit').click();
  await confirmDialog(page, dialogTitle);
  await expect(dialogTitled(page, recordText.submitSuccessTitle)).toContainText(recordText.submitSuccess);
  await confirmDialog(page, recordText.submitSuccessTitle);
  await expect(page).not.toHaveURL(/\/record\/audit\//);
}

/** The broker's detail: the status shown, and the current step of the progress bar. */
async function expectBrokerSees(page: Page, id: number, statusText: string, step: string | null) {
  await page.goto(`/record/detail/${id}`);
  await expect(page.getByTestId('record-head').getByTestId('record-status')).toContainText(statusText);
  if (step === null) {
    await expect(page.getByTestId('record-progress')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('record-progress').locator('.adm-step-status-process')).toContainText(step);
  }
}

/** An audit sent straight to the API with the report's current version, as a second device would. */
async function auditOverApi(request: APIRequestContext, phone: string, id: number, approvalStatus: string) {
  const headers = { Authorization: await apiSignIn(request, phone) };
  const read = await request.post('/api/record/get-record-audit-data', { data: { id }, headers });
  expect(read.ok()).toBeTruthy();
  const version = (await read.json()).data.version as number;
  return request.post('/api/record/submit-record-audit-data', {
    data: { id, approvalStatus, reback: false, approvalResult: '', version },
    headers,
  });
}

test.describe('report tracking', () => {
  test('a report goes from submission to confirmed deal, and the broker follows every step', async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const listing = await fullPhoneListing(request);
    const customer = freshCustomer('155');

    // 13800000003 reports; the report is pending, so the progress bar is hidden.
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await reportThroughForm(page, listing.id, '韩', customer.phone);
    const id = await openFromList(page, customer.phone, /\/record\/detail\/\d+$/);
    await expectBrokerSees(page, id, '待处理', null);

    // 13800000006 finds it in the pending tab and audits it to 处理中 (the default choice).
    const auditor = await openAs(browser, '13800000006');
    await auditor.goto('/record/list');
    await auditor.getByTestId('record-tabs').getByText(/^待处理/).click();
    await expect(auditor.getByTestId('record-item').filter({ hasText: customer.phone })).toHaveCount(1);
    expect(await openFromList(auditor, customer.phone, /\/record\/audit\/\d+$/)).toBe(id);
    await expect(auditor.getByTestId('audit-status')).toHaveAttribute('data-status', 'RECORDSTANDBY');
    await submitAudit(auditor, id, null, recordText.auditDialogTitle);
    await expectBrokerSees(page, id, '处理中', '处理中');

    // Then 已发开发商: the dialog is 修改 now that the report is no longer pending.
    await submitAudit(auditor, id, '已发开发商', recordText.modifyDialogTitle);
    await expectBrokerSees(page, id, '已发开发商', '已发开发商');

    // The listing's external link (read on the audit page) confirms the arrival, without login.
    await auditor.goto(`/record/audit/${id}`);
    const link = (await auditor.getByTestId('audit-external-url').innerText()).trim();
    expect(link).toContain('/external/record/list?houseId=');
    const external = await openPhone(browser);
    await external.goto(new URL(link).pathname + new URL(link).search);
    await expect(external.getByTestId('external-head')).toContainText(listing.name);
    const waiting = external.getByTestId('external-item').filter({ hasText: customer.phone });
    await waiting.getByTestId('external-check').click();
    // The actual visit time comes first, now by default.
    await external.locator('.adm-picker-header-button').getByText(messages.common.confirm).click();
    await expect(dialog(external)).toContainText('韩先生');
    await external.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(latestToast(external)).toHaveText(recordText.externalCheckDone);
    await expect(external.getByTestId('external-item').filter({ hasText: customer.phone })).toHaveCount(0);
    await expectBrokerSees(page, id, '已到访', '已发开发商');

    // 13800000006 marks the deal and, as its assigned auditor, confirms it (decision 022: the
    // company setting deal_confirm_by_admin, off by default, would keep that for 13800000007).
    await submitAudit(auditor, id, '成交', recordText.modifyDialogTitle);
    await expectBrokerSees(page, id, '成交', '成交');
    await submitAudit(auditor, id, '确认成交', recordText.modifyDialogTitle);
    await expectBrokerSees(page, id, '确认成交', '确认成交');

    // The broker's history lists every step, the developer's confirmation among them.
    const history = page.getByTestId('record-history');
    for (const step of ['待处理', '处理中', '已发开发商', '已到访', '成交', '确认成交', recordText.externalActor]) {
      await expect(history).toContainText(step);
    }
  });

  test('a rejected report is closed: the auditor cannot reopen it, the auditor admin can', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const listing = await fullPhoneListing(request);
    const customer = freshCustomer('177');
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await reportThroughForm(page, listing.id, '卫', customer.phone);

    const auditor = await openAs(browser, '13800000006');
    const id = await openFromList(auditor, customer.phone, /\/record\/audit\/\d+$/);
    await auditor.getByTestId('audit-reback').click();
    await expect(latestToast(auditor)).toHaveText(recordText.rebackHint);
    await expect(auditor.getByTestId('audit-status')).toHaveAttribute('data-status', 'RECORDCLOSE');
    await auditor.getByTestId('audit-opinion').locator('textarea').fill('客户信息不完整');
    await auditor.getByTestId('audit-submit').click();
    await expect(dialogTitled(auditor, recordText.auditDialogTitle)).toContainText(`${recordText.confirmChange}${recordText.confirmClosing}${recordText.confirmIrreversible}`);
    await confirmDialog(auditor, recordText.auditDialogTitle);
    await confirmDialog(auditor, recordText.submitSuccessTitle);
    await expectBrokerSees(page, id, '报备无效', null);

    // The auditor sees the closed report but has nothing to choose; the server refuses too.
    await auditor.goto(`/record/audit/${id}`);
    await expect(auditor.getByTestId('audit-form')).toBeVisible();
    await expect(auditor.getByTestId('audit-status')).toHaveCount(0);
    // Nothing it offers the server would refuse (issue 28, item 8): no 提交, no opinion to lose.
    await expect(auditor.getByText(recordText.statusNoChoice)).toBeVisible();
    await expect(auditor.getByTestId('audit-submit')).toHaveCount(0);
    await expect(auditor.getByTestId('audit-opinion')).toHaveCount(0);
    const refused = await auditOverApi(request, '13800000006', id, 'RECORDSTANDBY');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).msg).toBe(recordText.closedAdminOnly);

    // The broker may report the customer again from the closed report.
    await page.goto(`/record/detail/${id}`);
    await page.getByTestId('record-re-report').click();
    await expect(page).toHaveURL(new RegExp(`/house/record/${listing.id}$`));
    await expect(page.getByTestId('report-customer')).toContainText(customer.phone);

    // 13800000007 reopens it.
    const admin = await openAs(browser, '13800000007');
    await submitAudit(admin, id, '处理中', recordText.modifyDialogTitle);
    await expectBrokerSees(page, id, '处理中', '处理中');
  });

  test('an auditor on vacation gets no new reports, and is back on duty with the same switch', async ({ page, request }) => {
    await signInWithPassword(page, '13800000006');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/home?active=my');
    const row = page.getByTestId('my-vacation');
    await expect(row).toContainText(recordText.vacationOff);
    await page.getByTestId('my-vacation-switch').click();
    await expect(row).toContainText(recordText.vacationOn);

    // A report made now goes to someone else (the auditor admin, with no other auditor on duty).
    const listing = await fullPhoneListing(request);
    const customer = freshCustomer('199');
    const [id] = await reportOverApi(request, '13800000003', listing.id, [{ name: '蒋', phone: customer.phone }]);
    const auditor = await apiSignIn(request, '13800000006');
    const read = await request.post('/api/record/get-record-audit-data', { headers: { Authorization: auditor }, data: { id } });
    expect(read.status()).toBe(404);

    // The switch survives a reload (it is the server's value), then goes back on duty.
    await page.reload();
    await expect(page.getByTestId('my-vacation')).toContainText(recordText.vacationOn);
    await page.getByTestId('my-vacation-switch').click();
    await expect(page.getByTestId('my-vacation')).toContainText(recordText.vacationOff);
    await page.reload();
    await expect(page.getByTestId('my-vacation')).toContainText(recordText.vacationOff);
  });
});
