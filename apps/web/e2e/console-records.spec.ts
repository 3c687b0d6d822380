import { type APIRequestContext, type Page } from '@playwright/test';
import { adminAuditLogMessages as logText, adminRecordMessages as text } from '@baobei/shared/messages/admin';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { expect, test, apiSignIn, PASSWORD, reportOverApi, signInWithPassword, shot, SHOTS_DIR, fillConsoleSearch, searchConsoleTable, confirmPopup } from './support';

/**
 * The console's 报备管理 (issue 16, item 3; decision 048) at 1440x900: the operator of localhost
 * (13800000009) filters the report table by keyword, listing and status, opens a report, sees
 * its history, and gives it to another auditor; that auditor signs in on the mobile app
 * (390x844) and finds the report in their list, while its sibling report stays with the first
 * auditor. The sibling, closed on the phone by the auditor admin, is reopened from the drawer: a
 * change made elsewhere meanwhile makes the first try 409 and reloads, the second goes back to 处理中. Its data are its own: customers 司徒 (no other journey's surname), a listing past the
 * first five, and an auditor 司徒审核 created for the journey and disabled at its end, so the
 * submit's pick never hands this auditor another journey's report. SHOTS=<dir> saves screenshots.
 */
const OPERATOR = '13800000009';
const NEW_AUDITOR = { name: '司徒审核', phone: '19987650048' };
const CUSTOMERS = [
  { name: '司徒报表', phone: '19987650041' },
  { name: '司徒对照', phone: '19987650042' },
];
const TOKEN_KEY = 'baobei.console.token';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });


/** A listing with full phones and no ID documents, past the first five other journeys take. */
async function quietListing(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
  const list = (await res.json()).data.list as { id: number; name: string }[];
  for (const item of list.slice(5)) {
    const detail = await request.post('/api/index/get-house-data', { data: { id: item.id } });
    const data = (await detail.json()).data as { ruleTel: string; isNeedIdCard: boolean };
    if (data.ruleTel === 'FULL' && !data.isNeedIdCard) return item;
  }
  throw new Error('no quiet listing with full phones and no ID documents');
}

/** Picks `label` in the search form's select named `field`, typing `search` into it. */
async function pickInForm(page: Page, field: string, search: string, label: string | RegExp) {
  const item = page.locator('.ant-pro-table-search .ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${field}$`) }) });
  await item.locator('.ant-select-selector').click();
  await item.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

test('the operator filters the reports, opens one and gives it to another auditor, who sees it on the phone', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  const listing = await quietListing(request);
  // The reports first, so the submit's pick gives them to the company's auditors on duty.
  const [reportId, siblingId] = await reportOverApi(request, '13800000003', listing.id, CUSTOMERS);

  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  expect(sign.ok(), await sign.text()).toBeTruthy();
  const token = (await sign.json()).data.token as string;
  const auth = { Authorization: token };

  // The auditor to give the report to: created, audits only this listing, signed in once to set the password.
  const created = await request.post('/api/admin/account/create', {
    headers: auth,
    data: { group: 'auditor', role: 'AUDITOR', name: NEW_AUDITOR.name, phone: NEW_AUDITOR.phone, scopeHouseIds: [listing.id] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { account, password } = (await created.json()).data as { account: { id: number }; password: string };
  try {
    const first = await apiSignIn(request, NEW_AUDITOR.phone, password);
    const changed = await request.post('/api/user/change-password', {
      headers: { authorization: first },
      data: { oldPassword: password, password: PASSWORD, passwordMore: PASSWORD },
    });
    expect(changed.ok(), await changed.text()).toBeTruthy();

    await page.goto('/admin/login');
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    await page.goto('/admin/records');
    await expect(page.getByRole('menu').first().getByText(text.menu, { exact: true })).toBeVisible();
    await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.title);
    await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
    await expect(page.getByText(/共 \d+ 条报备/)).toBeVisible();
    await shot(page, 'records-table-1440');

    // Filter: keyword 司徒, the listing, 待处理.
    await fillConsoleSearch(page.getByPlaceholder(text.keywordPlaceholder), '司徒');
    await pickInForm(page, text.house, listing.name, listing.name);
    const statusItem = page.locator('.ant-pro-table-search .ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${text.status}$`) }) });
    await statusItem.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^待处理$/ }).click();
    const listed = page.waitForResponse((r) => r.url().includes('/api/admin/record/list') && r.url().includes(`houseId=${listing.id}`) && r.url().includes('status=RECORDSTART'));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    expect((await listed).ok()).toBeTruthy();
    const rows = page.locator('tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByText('共 2 条报备')).toBeVisible();
    const row = rows.filter({ hasText: CUSTOMERS[0]!.name });
    // The console reads as the company's auditor admin: the full number (decision 019, 048).
    await expect(row).toContainText(CUSTOMERS[0]!.phone);
    await expect(row).toContainText(listing.name);
    await expect(row).toContainText('待处理');
    // 保护期 (issue 28, item 4): a new report is protected (即将到期 once within the company's
    // warning hours, which a short report protection is from the start), its end under the tag.
    const protection = row.getByTestId('protection-cell');
    await expect(protection).toHaveAttribute('data-state', /^(PROTECTED|EXPIRING)$/);
    const state = (await protection.getAttribute('data-state')) as 'PROTECTED' | 'EXPIRING';
    await expect(protection).toContainText(text.protectionState[state]);
    await expect(protection).toContainText(text.protectionUntil(''));
    const before = (await row.getByTestId('record-auditor').textContent())?.trim() ?? '';
    expect(before).not.toBe(NEW_AUDITOR.name);
    await shot(page, 'records-filtered-1440');

    // The drawer: the facts and the history.
    // The customer's cell: the first is the batch selection's (decision 084).
    await row.locator('td').nth(1).click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText(text.drawerTitle(CUSTOMERS[0]!.name));
    await expect(drawer.locator('.ant-descriptions')).toContainText(CUSTOMERS[0]!.phone);
    await expect(drawer.locator('.ant-timeline-item')).toHaveCount(1);
    await expect(drawer.locator('.ant-timeline')).toContainText('待处理');
    await expect(drawer.getByRole('button', { name: text.reopen })).toHaveCount(0);
    await shot(page, 'records-drawer-1440');

    // 更换审核员: the new auditor, confirmed.
    await drawer.getByRole('button', { name: text.reassign }).click();
    const modal = page.locator('.ant-modal-content').filter({ hasText: text.reassignTitle });
    await expect(modal).toContainText(text.reassignCurrent(before));
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect(modal).toContainText(text.reassignPickRequired);
    await modal.locator('.ant-select-selector').click();
    await modal.locator('input').fill(NEW_AUDITOR.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: NEW_AUDITOR.name }).click();
    await shot(page, 'records-reassign-1440');
    const reassigned = page.waitForResponse((r) => r.url().includes('/api/admin/record/reassign'));
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    expect((await reassigned).ok()).toBeTruthy();
    await expect(page.getByText(text.reassigned)).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(drawer.locator('.ant-descriptions')).toContainText(NEW_AUDITOR.name);
    await expect(drawer.locator('.ant-timeline-item')).toHaveCount(2);
    await expect(drawer.locator('.ant-timeline')).toContainText(text.reassignNote(before, NEW_AUDITOR.name));
    await expect(row).toContainText(NEW_AUDITOR.name);
    await shot(page, 'records-reassigned-1440');
    await drawer.locator('.ant-drawer-close').click();

    // The new auditor's phone: the report is in their list, its sibling is not.
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const mobile = await phone.newPage();
    await signInWithPassword(mobile, NEW_AUDITOR.phone);
    await expect(mobile).toHaveURL(/\/home/);
    await mobile.goto('/record/list');
    const item = mobile.locator(`[data-testid="record-item"][data-id="${reportId}"]`);
    await expect(item).toBeVisible();
    await expect(item).toContainText(CUSTOMERS[0]!.name);
    await expect(mobile.locator(`[data-testid="record-item"][data-id="${siblingId}"]`)).toHaveCount(0);
    if (SHOTS_DIR) await mobile.screenshot({ path: `${SHOTS_DIR}/records-new-auditor-390.png` });
    await phone.close();

    // 重新打开: the auditor admin closes the sibling on the phone's audit call (报备无效).
    const admin = await apiSignIn(request, '13800000007');
    const audit = await request.post('/api/record/get-record-audit-data', { headers: { Authorization: admin }, data: { id: siblingId } });
    const closed = await request.post('/api/record/submit-record-audit-data', {
      headers: { Authorization: admin },
      data: { id: siblingId, approvalStatus: 'RECORDCLOSE', reback: true, approvalResult: '客户重复', version: (await audit.json()).data.version },
    });
    expect(closed.ok(), await closed.text()).toBeTruthy();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    // 重置 reloads the whole list: let that answer land first, or it can arrive after 查询's and
    // show the unfiltered rows (lost once in CI: 20 rows where 1 was asked for).
    await expect(page.getByPlaceholder(text.keywordPlaceholder)).toHaveValue('');
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBeGreaterThan(1);
    await searchConsoleTable(page.getByPlaceholder(text.keywordPlaceholder), CUSTOMERS[1]!.name);
    const sibling = page.locator('tr.ant-table-row').filter({ hasText: CUSTOMERS[1]!.name });
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(sibling).toContainText('报备无效');
    await sibling.locator('td').nth(1).click();
    await expect(drawer.locator('.ant-drawer-title')).toHaveText(text.drawerTitle(CUSTOMERS[1]!.name));
    await expect(drawer.locator('.ant-timeline')).toContainText('客户重复');
    // Another tab changes the report after the drawer read it: reopening is refused (409) and the drawer reloads.
    const read = await request.get(`/api/admin/record/get?id=${siblingId}`, { headers: auth });
    const moved = await request.post('/api/admin/record/reassign', { headers: auth, data: { id: siblingId, auditorId: account.id, version: (await read.json()).data.version } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
    await drawer.getByRole('button', { name: text.reopen }).click();
    await expect(page.locator('.ant-popconfirm:visible')).toContainText(text.reopenConfirm('处理中'));
    await shot(page, 'records-reopen-1440');
    const stale = page.waitForResponse((r) => r.url().includes('/api/admin/record/reopen'), { timeout: 30_000 });
    await confirmPopup(page, text.reopen);
    expect((await stale).status()).toBe(409);
    await expect(page.getByText(text.staleReloaded)).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText(NEW_AUDITOR.name);
    // On the current version it reopens as 处理中. The refused try's confirmation fades out first:
    // a click while two are in the page can land on the leaving one, and nothing is sent.
    await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
    await drawer.getByRole('button', { name: text.reopen }).click();
    await expect(page.locator('.ant-popconfirm:visible')).toContainText(text.reopenConfirm('处理中'));
    const reopened = page.waitForResponse((r) => r.url().includes('/api/admin/record/reopen'), { timeout: 30_000 });
    await confirmPopup(page, text.reopen);
    expect((await reopened).ok()).toBeTruthy();
    await expect(page.getByText(text.reopened)).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText('处理中');
    await expect(drawer.getByRole('button', { name: text.reopen })).toHaveCount(0);
    await expect(drawer.locator('.ant-timeline-item').first()).toContainText(text.reopenNote('报备无效', '处理中'));
    await expect(sibling).toContainText('处理中');
    await shot(page, 'records-reopened-1440');
    if (SHOTS_DIR) {
      // A 1024 px laptop (the menu folds): the drawer and the table behind it.
      await page.setViewportSize({ width: 1024, height: 768 });
      await shot(page, 'records-drawer-1024');
      await drawer.locator('.ant-drawer-close').click();
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
      await shot(page, 'records-table-1024');
    }
  } finally {
    // Off duty for the rest of the run: no other journey's report goes to this auditor.
    const read = await request.get(`/api/admin/account/get?id=${account.id}`, { headers: auth });
    const version = ((await read.json()).data as { version: number }).version;
    const disabled = await request.post('/api/admin/account/disable', { headers: auth, data: { id: account.id, version } });
    expect(disabled.ok(), await disabled.text()).toBeTruthy();
  }
});

test('重新打开 warns when the report lost a 到访为王 race to a report still holding the customer, and asks', async ({ page, request }) => {
  test.setTimeout(180_000);
  const customer = { name: '司徒到访', phone: `1998765${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}` };
  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  expect(sign.ok(), await sign.text()).toBeTruthy();
  const token = (await sign.json()).data.token as string;
  // This journey's company: the listing becomes 到访为王.
  const listing = await quietListing(request);
  const { version } = (await (await request.get(`/api/admin/house/get?id=${listing.id}`, { headers: { Authorization: token } })).json()).data as { version: number };
  const switched = await request.post('/api/admin/house/update', { headers: { Authorization: token }, data: { id: listing.id, version, protectionMode: 'VISIT_FIRST' } });
  expect(switched.ok(), await switched.text()).toBeTruthy();
  // Two distributors report the customer; the first's arrival closes the second's report.
  const [winner] = await reportOverApi(request, '13800000003', listing.id, [customer]);
  const [loser] = await reportOverApi(request, '13800000008', listing.id, [customer]);
  const admin = { Authorization: await apiSignIn(request, '13800000007') };
  for (const approvalStatus of ['RECORDCOMPLETE', 'VISIT']) {
    const read = await request.post('/api/record/get-record-audit-data', { headers: admin, data: { id: winner } });
    const moved = await request.post('/api/record/submit-record-audit-data', {
      headers: admin,
      data: { id: winner, approvalStatus, reback: false, approvalResult: '', version: (await read.json()).data.version, ...(approvalStatus === 'VISIT' ? { visitTime: formatShanghaiMinute(new Date()) } : {}) },
    });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }

  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto('/admin/records');
  await searchConsoleTable(page.getByPlaceholder(text.keywordPlaceholder), customer.name);
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const closed = rows.filter({ hasText: '报备无效' });
  await expect(closed).toHaveCount(1);
  await closed.locator('td').nth(1).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByRole('button', { name: text.reopen }).click();
  // The confirmation says what the 到访为王 rule means for this report, before anything happens.
  await expect(page.getByTestId('reopen-warning')).toHaveText(text.reopenArrivalTaken);
  await shot(page, 'records-reopen-warning-1440');
  const reopened = page.waitForResponse((r) => r.url().includes('/api/admin/record/reopen'), { timeout: 30_000 });
  await confirmPopup(page, text.reopen);
  expect((await reopened).ok()).toBeTruthy();
  await expect(page.getByText(text.reopened)).toBeVisible();
  await expect(rows.filter({ hasText: '报备无效' })).toHaveCount(0);
  expect(loser).toBeGreaterThan(0);

  // 操作日志 reads the reopen in words (issue 28, item 5): 报备状态 once, 报备无效 → the status it went back to.
  await page.goto('/admin/audit-log');
  const logRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByTestId('audit-log-action').filter({ hasText: logText.actions['record.reopen']! }) }).first();
  await expect(logRow).toContainText(customer.name);
  await logRow.locator('.ant-table-row-expand-icon').click();
  const changes = page.getByTestId('audit-log-changes');
  await expect(changes).toContainText('报备无效');
  expect(((await changes.innerText()).match(/报备状态/g) ?? []).length).toBe(1);
  await shot(page, 'audit-log-reopen-1440');
});
