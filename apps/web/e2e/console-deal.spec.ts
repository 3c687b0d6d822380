import { type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { messages } from '@baobei/shared/messages';
import { adminRecordMessages } from '@baobei/shared/messages/admin';
import { adminDealMessages as text } from '@baobei/shared/messages/admin-deal';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import { BUILDING_PROPERTIES, type BuildingProperty } from '@baobei/shared/rules/house';
import { formatShanghaiMinute, shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { expect, test, apiSignIn, PASSWORD, reportOverApi, signInWithPassword, shot, searchConsoleTable } from './support';

/**
 * The console's 成交与结佣 (docs/decisions/055) at 1440x900: a report of the second distributor's
 * broker (13800000008) is taken to 成交 with its deal by the auditor admin over the API; the
 * operator of localhost (13800000009) finds it in 报备管理 with its deal value and 待结佣, opens
 * the drawer (deal, commission as the server computed it, the policy used), records a payment
 * too large (the server's refusal shows in the form), then a part of it: 部分结佣, the payment in
 * the table, the table's row follows. The overview shows the company's deal sums, the broker's
 * shop manager's statistics (390x844) the deal value; it reverses the payment, corrects the price
 * (修改成交: the old → new commission) and adjusts the commission (decision 085). A second test
 * records a deal of a 成交 report in the drawer with a contract of the operator's own. Its data are
 * its own: customer 欧阳结佣 (no other journey's surname), phone 1998765055x; no duty changed.
 * SHOTS=<dir> saves screenshots (the drawer, the form with its error, the overview, the statistics).
 */
const OPERATOR = '13800000009';
const BROKER = '13800000008';
const AUDITOR_ADMIN = '13800000007';
/** 13800000008's shop manager (第二分销商店长). */
const SHOP_MANAGER = '13800000012';
const CUSTOMER = { name: '欧阳结佣', phone: `1998765055${Math.floor(Math.random() * 10)}` };
const PRICE_YUAN = '1860000';
/** 修改成交's corrected price. */
const EDITED_PRICE_YUAN = '1680000';
const TOKEN_KEY = 'baobei.console.token';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });


/** A listing with full phones, no ID documents and a property type with a percentage policy valid today. */
async function listingWithPolicy(request: APIRequestContext, headers: Record<string, string>) {
  const today = shanghaiDay(new Date());
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
  for (const item of ((await res.json()).data.list as { id: number; name: string }[]).reverse()) {
    const detail = (await (await request.post('/api/index/get-house-data', { data: { id: item.id } })).json()).data as { ruleTel: string; isNeedIdCard: boolean };
    if (detail.ruleTel !== 'FULL' || detail.isNeedIdCard) continue;
    const groups = (await (await request.get(`/api/index/policy-property-group?buildingId=${item.id}`, { headers })).json()).data as { value: string }[];
    for (const group of groups) {
      const list = await request.post('/api/index/commission-policy-list?page=1&pageSize=50', { headers, data: { buildingId: item.id, buildingProperty: group.value } });
      const policies = (await list.json()).data.list as { longTerm: boolean; policyStartDate: string; policyEndDate: string; secondaryPoint: string }[];
      const valid = policies.filter((p) => p.longTerm || ((!p.policyStartDate || p.policyStartDate <= today) && (!p.policyEndDate || p.policyEndDate >= today)));
      if (valid.length > 0 && valid.every((p) => /^\d+(\.\d+)?%?$/.test(p.secondaryPoint.trim()) && Number.parseFloat(p.secondaryPoint) > 0)) {
        return { listing: item, property: group.value };
      }
    }
  }
  throw new Error('no listing with a percentage policy valid today');
}

/** The auditor admin moves the report along to 成交 with its deal (the audit's own call); `withDeal` false: 成交 alone. */
async function toDeal(request: APIRequestContext, id: number, property: string, withDeal = true) {
  const headers = { Authorization: await apiSignIn(request, AUDITOR_ADMIN) };
  const upload = await request.post('/api/upload/index', { headers, multipart: { file: { name: 'contract.png', mimeType: 'image/png', buffer: PNG } } });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const contract = (await upload.json()).data.url as string;
  const visit = formatShanghaiMinute(new Date());
  for (const approvalStatus of ['RECORDSTANDBY', 'RECORDCOMPLETE', 'VISIT', 'MAKEBARGAIN']) {
    const read = await request.post('/api/record/get-record-audit-data', { headers, data: { id } });
    const version = (await read.json()).data.version as number;
    const deal =
      approvalStatus === 'MAKEBARGAIN' && withDeal
        ? { building: '9栋', room: '1808', floorArea: '128.6', totalPrice: PRICE_YUAN, signedOn: shanghaiDay(new Date()), contractPicture: contract, propertyType: property }
        : undefined;
    const moved = await request.post('/api/record/submit-record-audit-data', {
      headers,
      data: { id, approvalStatus, reback: false, approvalResult: '', version, ...(approvalStatus === 'VISIT' ? { visitTime: visit } : {}), ...(deal ? { deal } : {}) },
    });
    expect(moved.ok(), `${approvalStatus}: ${await moved.text()}`).toBeTruthy();
  }
  const read = await request.post('/api/record/get-record-deal', { headers, data: { id } });
  return (await read.json()).data.deal as { commissionFen: number; breakdown: { basis: string }; policy: { secondaryPoint: string } | null };
}

test('the operator sees a report’s deal and commission in the drawer and records a payment', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  const brokerHeaders = { Authorization: await apiSignIn(request, BROKER) };
  const { listing, property } = await listingWithPolicy(request, brokerHeaders);
  // The broker's shop manager's statistics of today, before (this journey's deal adds to them).
  const managerHeaders = { Authorization: await apiSignIn(request, SHOP_MANAGER) };
  const statsBefore = (await (await request.post('/api/record/get-record-statics', { headers: managerHeaders, data: { dateType: 1 } })).json()).data.deals as { totalPriceFen: number };
  const [id] = await reportOverApi(request, BROKER, listing.id, [CUSTOMER]);
  const deal = await toDeal(request, id!, property);
  expect(deal.commissionFen).toBeGreaterThan(100_000);

  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  expect(sign.ok(), await sign.text()).toBeTruthy();
  const token = (await sign.json()).data.token as string;
  const summaryBefore = (await (await request.get('/api/admin/deal/summary?dateType=1', { headers: { Authorization: token } })).json()).data.sums;

  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto('/admin/records');
  await searchConsoleTable(page.getByPlaceholder(adminRecordMessages.keywordPlaceholder), CUSTOMER.name);
  const row = page.locator('tr.ant-table-row').filter({ hasText: CUSTOMER.name });
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  // The table's 成交/结佣 column: the deal's value and its state.
  await expect(row).toContainText(text.yuan(formatFenGrouped(Number(PRICE_YUAN) * 100)));
  await expect(row).toContainText(messages.deal.settlement.PENDING);
  await shot(page, 'records-table');

  // The customer's cell: the first is the batch selection's (decision 084).
  await row.locator('td').nth(1).click();
  const drawer = page.locator('.ant-drawer-content');
  const section = drawer.getByTestId('deal-section');
  await expect(section).toContainText('9栋 1808');
  await expect(section).toContainText('128.60 ㎡');
  await expect(section.getByTestId('deal-commission')).toContainText(deal.breakdown.basis);
  await expect(section.getByTestId('deal-commission')).toContainText(text.yuan(formatFenGrouped(deal.commissionFen)));
  if (deal.policy) await expect(section.getByTestId('deal-commission')).toContainText(text.policyPoint(deal.policy.secondaryPoint));
  await expect(section.getByTestId('deal-payments')).toContainText(text.noPayments);
  await section.scrollIntoViewIfNeeded();
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'drawer-deal');

  // 登记结佣: more than is left is the server's refusal, shown in the form; nothing recorded.
  await section.getByTestId('deal-add-payment').click();
  const modal = page.locator('.ant-modal-content').filter({ hasText: text.formTitle });
  await expect(modal.getByTestId('deal-payment-left')).toContainText(text.formLeft(formatFenGrouped(deal.commissionFen)));
  const tooMuch = (deal.commissionFen + 1) / 100;
  await modal.getByLabel(text.formAmount).fill(tooMuch.toFixed(2));
  await modal.getByLabel(text.formReference).fill('OY-2026-001');
  await modal.getByRole('button', { name: text.formSubmit }).click();
  await expect(modal.getByTestId('deal-payment-error')).toHaveText(messages.deal.overpay((deal.commissionFen / 100).toFixed(2)));
  await shot(page, 'payment-form-error');

  // A part of it: recorded once, 部分结佣, the payment in the table.
  const partFen = Math.floor(deal.commissionFen / 3);
  await modal.getByLabel(text.formAmount).fill((partFen / 100).toFixed(2));
  await modal.getByRole('button', { name: text.formSubmit }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: messages.deal.paid })).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(section).toContainText(messages.deal.settlement.PARTIAL);
  const payments = section.getByTestId('deal-payments');
  await expect(payments.locator('tbody tr')).toHaveCount(1);
  await expect(payments).toContainText('OY-2026-001');
  await expect(payments).toContainText(formatFenGrouped(partFen));
  await expect(section.getByTestId('deal-commission')).toContainText(text.yuan(formatFenGrouped(deal.commissionFen - partFen)));
  await shot(page, 'drawer-deal-paid');
  // The table reloaded behind the drawer.
  await page.locator('.ant-drawer-close').click();
  await expect(row).toContainText(messages.deal.settlement.PARTIAL);

  // The overview: the company's deals signed today include this one.
  await page.goto('/admin/');
  const card = page.getByTestId('overview-deals');
  await card.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '本日' }).click();
  await expect(card).toContainText(formatFenGrouped(summaryBefore.paidFen + partFen));
  await expect(card).toContainText(String(summaryBefore.dealCount));
  await shot(page, 'overview-deals');

  // 数据导出's 结佣明细: this payment's file (本日), read back.
  await page.goto('/admin/exports');
  const paymentsCard = page.getByTestId('export-payments-card');
  await paymentsCard.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '本日' }).click();
  const download = page.waitForEvent('download');
  await paymentsCard.getByRole('button', { name: /导出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^结佣明细-\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  const refs: unknown[] = [];
  book.worksheets[0]!.eachRow((r, i) => {
    if (i > 1) refs.push(r.getCell(3).value);
  });
  expect(refs).toContain('OY-2026-001');
  await shot(page, 'export-payments');

  // The broker's shop manager's statistics at the phone's size: 本日's deal value includes this deal.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const mobile = await phone.newPage();
  await signInWithPassword(mobile, SHOP_MANAGER);
  await expect(mobile).toHaveURL(/\/home/);
  await mobile.goto('/subDistributor/statistics?dateType=1');
  await expect(mobile.getByTestId('statistics-deal-value')).toContainText(formatFenGrouped(statsBefore.totalPriceFen + Number(PRICE_YUAN) * 100));
  await mobile.getByTestId('statistics-deals').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(mobile, 'mobile-statistics-deals');
  await phone.close();

  // 冲销 (issue 30, item 2; decision 080): the payment was recorded twice in the books; the
  // operator reverses it with a reason. It stays in the table, struck out and marked, and the
  // deal is 待结佣 again.
  await page.goto('/admin/records');
  await searchConsoleTable(page.getByPlaceholder(adminRecordMessages.keywordPlaceholder), CUSTOMER.name);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await page.locator('tr.ant-table-row').first().locator('td').nth(1).click();
  const again = page.locator('.ant-drawer-content').getByTestId('deal-section');
  await again.getByLabel(`${text.reverse} ${(partFen / 100).toFixed(2)}`).click();
  const reverseModal = page.locator('.ant-modal-content').filter({ hasText: text.reverseHint });
  await reverseModal.getByRole('button', { name: text.reverseSubmit }).click();
  await expect(reverseModal.getByText(messages.deal.reverseReasonRequired)).toBeVisible();
  await reverseModal.getByLabel(text.reverseReason).fill('重复登记');
  await reverseModal.getByRole('button', { name: text.reverseSubmit }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: text.reversedDone })).toBeVisible();
  await expect(reverseModal).toBeHidden();
  await expect(again.getByTestId('deal-payments').locator('tbody tr')).toHaveCount(1);
  await expect(again.getByTestId('deal-payments')).toContainText(text.reversedTag);
  await expect(again).toContainText(messages.deal.settlement.PENDING);
  await shot(page, 'drawer-deal-reversed');

  // 修改成交 (decision 085): the price was typed wrong. A reason is required; the commission is
  // computed again under the policy the deal was recorded with, and the old → new shows.
  await again.getByTestId('deal-edit').click();
  const editModal = page.locator('.ant-modal-content').filter({ hasText: text.editTitle });
  await expect(editModal.getByLabel(text.formTotalPrice)).toHaveValue(`${PRICE_YUAN}.00`);
  await editModal.getByRole('button', { name: text.editSubmit }).click();
  await expect(editModal.getByText(messages.deal.editReasonRequired)).toBeVisible();
  await editModal.getByLabel(text.editReason).fill('总价录错');
  await editModal.getByRole('button', { name: text.editSubmit }).click();
  await expect(editModal.getByTestId('deal-form-error')).toHaveText(text.editUnchanged);
  await editModal.getByLabel(text.formTotalPrice).fill(EDITED_PRICE_YUAN);
  await editModal.getByLabel(text.formRoom).fill('1809');
  await shot(page, 'deal-edit-form');
  await editModal.getByRole('button', { name: text.editSubmit }).click();
  const edited = page.locator('.ant-message-notice').filter({ hasText: messages.deal.edited });
  await expect(edited).toContainText(text.commissionChange(formatFenGrouped(deal.commissionFen), ''));
  await expect(editModal).toBeHidden();
  await expect(again).toContainText('9栋 1809');
  await expect(again).toContainText(text.yuan(formatFenGrouped(Number(EDITED_PRICE_YUAN) * 100)));
  await shot(page, 'drawer-deal-edited');
  // The commission as the server computed it now (the message's new amount).
  const newCommission = /→ ¥([\d,]+\.\d{2})/.exec((await edited.textContent()) ?? '')![1]!;
  expect(newCommission).not.toBe(formatFenGrouped(deal.commissionFen));
  await expect(again.getByTestId('deal-commission')).toContainText(text.yuan(newCommission));

  // 调整佣金: a reason is required; the adjusted amount is owed, with its reason.
  await again.getByTestId('deal-adjust').click();
  const adjustModal = page.locator('.ant-modal-content').filter({ hasText: text.adjustAmount });
  await expect(adjustModal.getByTestId('deal-adjust-current')).toContainText(text.adjustCurrent(newCommission, formatFenGrouped(0)));
  await adjustModal.getByLabel(text.adjustAmount).fill('12345.67');
  await adjustModal.getByRole('button', { name: text.adjustSubmit }).click();
  await expect(adjustModal.getByText(messages.deal.adjustReasonRequired)).toBeVisible();
  await adjustModal.getByLabel(text.adjustReason).fill('开发商补贴调整');
  await shot(page, 'deal-adjust-form');
  await adjustModal.getByRole('button', { name: text.adjustSubmit }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: messages.deal.adjusted })).toContainText(text.commissionChange(newCommission, '12,345.67'));
  await expect(adjustModal).toBeHidden();
  const commission = again.getByTestId('deal-commission');
  await expect(commission).toContainText('开发商补贴调整');
  await expect(commission).toContainText(text.yuan('12,345.67'));
  await shot(page, 'drawer-deal-adjusted');
});

test('the operator records the deal of a 成交 report in the drawer, with a contract picture of its own', async ({ page, request }) => {
  test.setTimeout(120_000);
  const brokerHeaders = { Authorization: await apiSignIn(request, BROKER) };
  const { listing, property } = await listingWithPolicy(request, brokerHeaders);
  const customer = { name: '欧阳录入', phone: `1998765056${Math.floor(Math.random() * 10)}` };
  const [id] = await reportOverApi(request, BROKER, listing.id, [customer]);
  await toDeal(request, id!, property, false);

  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  const token = (await sign.json()).data.token as string;
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto('/admin/records');
  await searchConsoleTable(page.getByPlaceholder(adminRecordMessages.keywordPlaceholder), customer.name);
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await page.locator('tr.ant-table-row').first().locator('td').nth(1).click();
  const section = page.locator('.ant-drawer-content').getByTestId('deal-section');
  await expect(section).toContainText(text.noDealConsoleHint);
  await section.getByTestId('deal-record').click();
  const modal = page.locator('.ant-modal-content').filter({ hasText: text.recordTitle });
  // Nothing filled: the form's own messages, nothing sent.
  await modal.getByRole('button', { name: text.recordSubmit }).click();
  await expect(modal.getByText(messages.deal.contractRequired)).toBeVisible();
  await modal.getByLabel(text.formBuilding).fill('6栋');
  await modal.getByLabel(text.formRoom).fill('603');
  await modal.getByLabel(text.formFloorArea).fill('89.5');
  await modal.getByLabel(text.formTotalPrice).fill('1500000');
  await modal.getByLabel(text.formPropertyType).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: BUILDING_PROPERTIES[property as BuildingProperty] }).click();
  await modal.locator('input[type=file]').setInputFiles({ name: 'contract.png', mimeType: 'image/png', buffer: PNG });
  await expect(modal.getByTestId('deal-contract-preview')).toBeVisible();
  await expect(modal.getByTestId('deal-contract-upload')).toContainText(text.contractReplace);
  await shot(page, 'deal-record-form');
  await modal.getByRole('button', { name: text.recordSubmit }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: messages.deal.recorded })).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(section).toContainText('6栋 603');
  await expect(section).toContainText('89.50 ㎡');
  await expect(section).toContainText(messages.deal.settlement.PENDING);
  // The contract is a private picture: shown through its signed address.
  await expect(section.locator('img[src*="sig="]')).toHaveCount(1);
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'drawer-deal-recorded');
  // The auditor admin's phone reads the same deal.
  const adminHeaders = { Authorization: await apiSignIn(request, AUDITOR_ADMIN) };
  const read = (await (await request.post('/api/record/get-record-deal', { headers: adminHeaders, data: { id } })).json()).data.deal;
  expect(read).toMatchObject({ building: '6栋', room: '603', totalPriceFen: 150_000_000 });
});
