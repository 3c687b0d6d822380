import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { expect, test, apiSignIn, confirmDialog, openAs, pickOption, reportOverApi, signInWithPassword, SHOTS_DIR, uploadPicture } from './support';

/**
 * Issue 17, item 5 (docs/decisions/052): an auditor takes a broker's report to 成交 and records
 * its deal; the commission is the listing's policy's; the auditor admin records a partial
 * payment, adjusts the commission (a stale form is told and reloaded) and pays the rest; the
 * broker's 我的佣金 follows every step. The auditors' duty is never touched, the customer is
 * this run's own (phone 158…), and the broker's deal sums are compared before and after.
 */

const recordText = messages.recordTrack;
const deal = messages.deal;
const BROKER = '13800000003';
const AUDITOR = '13800000006';
const AUDITOR_ADMIN = '13800000007';
const PRICE_YUAN = 2_350_000;
const PAID_FIRST_YUAN = 10_000;

/** A 1×1 PNG: the contract picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A page as it is, for a look (SHOTS=<dir>). */
const picture = async (page: Page, name: string) => {
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
};

/** Pictures of the card at the phone's size: its top, then its end (no form or toast over it). */
async function shot(target: Page | Locator, name: string) {
  const page = 'page' in target ? target.page() : target;
  const card = page.locator('[data-testid="deal-card"], [data-testid="deal-none"]').first();
  await expect(page.locator('.adm-popup-body:visible')).toHaveCount(0);
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  if (!SHOTS_DIR) return;
  // Its top just under the fixed nav bar.
  await card.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -56);
  });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
  // Its end just over the fixed action bar.
  await card.evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    window.scrollBy(0, 90);
  });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-end.png` });
}

interface PolicyItem {
  policyStartDate: string;
  policyEndDate: string;
  longTerm: boolean;
  secondaryPoint: string;
  secondaryAward: string;
}

/** 分 as the card shows 元: ¥2,350,000.00. */
function yuanText(fen: number): string {
  const whole = Math.trunc(fen / 100).toLocaleString('en-US');
  return `¥${whole}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * The commission of a deal of `priceFen` under a policy, worked out here from the policy's texts
 * as decision 052 reads them (not with the app's code): 佣金点位 "3%" or a bare "2.5" is a
 * percentage of the price; 奖励 adds each "n%" of the price and each "n元"/"n万", except a 带看
 * reward. Null when the texts are not of that plain form (another policy is chosen then).
 */
function expectedCommissionFen(policy: PolicyItem, priceFen: number): number | null {
  const point = /^(\d+(?:\.\d+)?)%?$/.exec(policy.secondaryPoint.trim());
  if (!point) return null;
  const percent = (p: string) => Math.round((priceFen * Number(p)) / 100);
  let fen = percent(point[1]!);
  const award = policy.secondaryAward.trim();
  if (award && !award.includes('带看')) {
    const terms = [...award.matchAll(/(\d+(?:\.\d+)?)\s*(%|元|万)/g)];
    if (terms.length === 0) return null;
    for (const [, n, unit] of terms) fen += unit === '%' ? percent(n!) : Math.round(Number(n) * (unit === '万' ? 1_000_000 : 100));
  }
  return fen;
}

/**
 * A reportable listing (full phones, no ID documents) with a property type that has exactly one
 * policy valid today (so which one applies is not in question), readable as above.
 */
async function listingWithPolicy(request: APIRequestContext, headers: Record<string, string>) {
  const today = shanghaiDay(new Date());
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
  for (const item of (await res.json()).data.list as { id: number; name: string }[]) {
    const detail = (await (await request.post('/api/index/get-house-data', { data: { id: item.id } })).json()).data as { ruleTel: string; isNeedIdCard: boolean };
    if (detail.ruleTel !== 'FULL' || detail.isNeedIdCard) continue;
    const groups = (await (await request.get(`/api/index/policy-property-group?buildingId=${item.id}`, { headers })).json()).data as { label: string; value: string }[];
    for (const group of groups) {
      const list = await request.post('/api/index/commission-policy-list?page=1&pageSize=50', { headers, data: { buildingId: item.id, buildingProperty: group.value } });
      const policies = (await list.json()).data.list as PolicyItem[];
      const valid = policies.filter((p) => p.longTerm || ((!p.policyStartDate || p.policyStartDate <= today) && (!p.policyEndDate || p.policyEndDate >= today)));
      if (valid.length !== 1) continue;
      const commissionFen = expectedCommissionFen(valid[0]!, PRICE_YUAN * 100);
      if (commissionFen !== null && commissionFen > PAID_FIRST_YUAN * 100) return { listing: item, property: group, policy: valid[0]!, commissionFen };
    }
  }
  throw new Error('no listing with one readable policy valid today');
}

interface Sums {
  paidFen: number;
  pendingFen: number;
  commissionFen: number;
}

/** The broker's 我的佣金 sums as the API gives them. */
async function brokerSums(request: APIRequestContext, headers: Record<string, string>): Promise<Sums> {
  const res = await request.post('/api/record/get-deal-list?page=1&pageSize=10', { headers, data: { scope: 'own' } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.sums as Sums;
}

/** Submits the audit form moving the report to `status`; the visit time (已到访) is now. */
async function auditTo(page: Page, id: number, status: string | null, title: string) {
  await page.goto(`/record/audit/${id}`);
  await expect(page.getByTestId('audit-form')).toBeVisible();
  if (status) {
    await page.getByTestId('audit-status-row').click();
    await pickOption(page, status);
  }
  if (status === '已到访') {
    await page.getByTestId('audit-visit-time-row').click();
    // The status picker stays mounted (hidden) beside the date picker: the visible one.
    await page.locator('.adm-picker-header-button:visible').getByText(messages.common.confirm).click();
    await expect(page.getByTestId('audit-visit-time')).toBeVisible();
  }
  await page.getByTestId('audit-submit').click();
  await confirmDialog(page, title);
  await confirmDialog(page, recordText.submitSuccessTitle);
  await expect(page).not.toHaveURL(/\/record\/audit\//);
}

/** The broker's 我的佣金: the report's row in `state`, and the sums as expected. */
async function expectMyCommission(page: Page, id: number, stateText: string, sums: Sums) {
  await page.goto('/my/commission');
  const row = page.locator(`[data-testid="deal-row"][data-record-id="${id}"]`);
  await expect(row).toContainText(stateText);
  await expect(page.getByTestId('commission-paid')).toHaveText(yuanText(sums.paidFen));
  await expect(page.getByTestId('commission-pending')).toHaveText(yuanText(sums.pendingFen));
  return row;
}

test('an auditor records a 成交 report’s deal, the commission follows the listing’s policy, and the broker sees it paid in two parts', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const brokerHeaders = { Authorization: await apiSignIn(request, BROKER) };
  const { listing, property, policy, commissionFen } = await listingWithPolicy(request, brokerHeaders);
  const before = await brokerSums(request, brokerHeaders);
  const phone = `158${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [id] = await reportOverApi(request, BROKER, listing.id, [{ name: '佣金甲', phone }]);
  expect(id).toBeGreaterThan(0);

  // The assigned auditor takes it through 处理中, 已发开发商 and 已到访 to 成交, without the deal yet.
  const auditor = await openAs(browser, AUDITOR);
  await auditTo(auditor, id!, null, recordText.auditDialogTitle);
  await auditTo(auditor, id!, '已发开发商', recordText.modifyDialogTitle);
  await auditTo(auditor, id!, '已到访', recordText.modifyDialogTitle);
  await auditTo(auditor, id!, '成交', recordText.modifyDialogTitle);

  // The broker's detail has no deal card yet; the auditor's offers 录入成交.
  await signInWithPassword(page, BROKER);
  await expect(page).toHaveURL(/\/home/);
  await page.goto(`/record/detail/${id}`);
  await expect(page.getByTestId('record-detail')).toHaveAttribute('data-status', 'MAKEBARGAIN');
  await expect(page.getByTestId('deal-card')).toHaveCount(0);
  await expect(page.getByTestId('deal-none')).toHaveCount(0);

  await auditor.goto(`/record/detail/${id}`);
  await expect(auditor.getByTestId('deal-none')).toContainText(deal.card.noDeal);
  await shot(auditor, 'card-none-auditor');
  await auditor.getByTestId('deal-record').click();
  const form = auditor.getByTestId('deal-record-form');
  await form.getByTestId('deal-record-submit').click();
  await expect(form.getByTestId('deal-form-error')).toHaveText(deal.buildingRequired);
  await picture(auditor, 'form-record-error');
  await form.getByTestId('deal-building').locator('input').fill('7栋');
  await form.getByTestId('deal-room').locator('input').fill('1502');
  await form.getByTestId('deal-floorArea').locator('input').fill('98.5');
  await form.getByTestId('deal-totalPrice').locator('input').fill(String(PRICE_YUAN));
  // The property type first: pickOption reads the only picker in the page.
  await form.getByTestId('deal-propertyType').click();
  await pickOption(auditor, property.label);
  await form.getByTestId('deal-signedOn').click();
  await auditor.locator('.adm-picker-header-button:visible').getByText(messages.common.confirm).click();
  await expect(form.getByTestId('deal-signedOn')).toContainText(shanghaiDay(new Date()));
  await uploadPicture(form.getByTestId('deal-contract'), { name: 'contract.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('deal-contract').locator('.adm-image-uploader-cell img')).toHaveCount(1);
  await form.getByTestId('deal-record-submit').click();
  await expect(auditor.locator('.adm-toast-main').last()).toHaveText(deal.recorded);

  // The commission is the policy's, with the policy shown as it was used.
  const card = auditor.getByTestId('deal-card');
  await expect(card).toHaveAttribute('data-state', 'PENDING');
  await expect(card.getByTestId('deal-commission')).toHaveText(yuanText(commissionFen));
  await expect(card.getByTestId('deal-left')).toHaveText(yuanText(commissionFen));
  await expect(card.getByTestId('deal-point')).toContainText(policy.secondaryPoint);
  await expect(card.getByTestId('deal-unit')).toContainText('7栋 1502');
  await expect(card.getByTestId('deal-settlement')).toHaveText(deal.settlement.PENDING);
  // An auditor does not adjust or pay.
  await expect(card.getByTestId('deal-adjust')).toHaveCount(0);
  await expect(card.getByTestId('deal-pay')).toHaveCount(0);
  await shot(card, 'card-pending');
  // The audit page shows the same card under the report.
  await auditor.goto(`/record/audit/${id}`);
  await expect(auditor.getByTestId('record-audit').getByTestId('deal-commission')).toHaveText(yuanText(commissionFen));
  await expect(auditor.getByTestId('deal-record')).toHaveCount(0);
  await shot(auditor, 'audit-page-card');

  // The broker sees the same card, read only.
  await page.goto(`/record/detail/${id}`);
  await expect(page.getByTestId('deal-commission')).toHaveText(yuanText(commissionFen));
  await expect(page.getByTestId('deal-pay')).toHaveCount(0);

  // The auditor admin: more than is owed is refused with the server's message; a double tap records once.
  const admin = await openAs(browser, AUDITOR_ADMIN);
  await admin.goto(`/record/detail/${id}`);
  await admin.getByTestId('deal-pay').click();
  const pay = admin.getByTestId('deal-pay-form');
  await pay.getByTestId('deal-pay-amount').locator('input').fill(String(commissionFen / 100 + 1));
  await pay.getByTestId('deal-pay-submit').click();
  await expect(pay.getByTestId('deal-form-error')).toHaveText(deal.overpay((commissionFen / 100).toFixed(2)));
  await picture(admin, 'form-pay-error');
  await pay.getByTestId('deal-pay-amount').locator('input').fill(String(PAID_FIRST_YUAN));
  await pay.getByTestId('deal-pay-reference').locator('input').fill('HK-2026-001');
  await pay.getByTestId('deal-pay-submit').dblclick();
  await expect(admin.locator('.adm-toast-main').last()).toHaveText(deal.paid);
  const adminCard = admin.getByTestId('deal-card');
  await expect(adminCard).toHaveAttribute('data-state', 'PARTIAL');
  await expect(adminCard.getByTestId('deal-payment')).toHaveCount(1);
  await expect(adminCard.getByTestId('deal-paid')).toHaveText(yuanText(PAID_FIRST_YUAN * 100));
  await expect(adminCard.getByTestId('deal-left')).toHaveText(yuanText(commissionFen - PAID_FIRST_YUAN * 100));
  await shot(adminCard, 'card-partial');

  // The broker's 我的佣金: pending and settled moved by exactly this deal.
  const partialRow = await expectMyCommission(page, id!, deal.settlement.PARTIAL, {
    commissionFen: before.commissionFen + commissionFen,
    paidFen: before.paidFen + PAID_FIRST_YUAN * 100,
    pendingFen: before.pendingFen + commissionFen - PAID_FIRST_YUAN * 100,
  });
  await expect(partialRow).toContainText(yuanText(commissionFen));
  await picture(page, 'my-commission-partial');

  // 调整佣金: someone else adjusts meanwhile, so the form open on the old version is told and reloads.
  const adminHeaders = { Authorization: await apiSignIn(request, AUDITOR_ADMIN) };
  await admin.getByTestId('deal-adjust').click();
  const adjust = admin.getByTestId('deal-adjust-form');
  const version = Number(await adminCard.getAttribute('data-version'));
  const raised = commissionFen + 100_000;
  const other = await request.post('/api/record/adjust-record-commission', {
    headers: adminHeaders,
    data: { id, adjustedCommission: (raised / 100).toFixed(2), reason: '另一台设备的调整', version },
  });
  expect(other.ok(), await other.text()).toBeTruthy();
  await adjust.getByTestId('deal-adjust-amount').locator('input').fill((raised / 100).toFixed(2));
  await adjust.getByTestId('deal-adjust-reason-input').locator('textarea').fill('开发商追加奖励1000元');
  await picture(admin, 'form-adjust');
  await adjust.getByTestId('deal-adjust-submit').click();
  await expect(admin.locator('.adm-dialog-body')).toContainText(deal.staleVersion);
  await picture(admin, 'form-adjust-stale');
  await admin.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(adminCard).toHaveAttribute('data-version', String(version + 1));
  await expect(adminCard.getByTestId('deal-adjust-reason')).toContainText('另一台设备的调整');
  await admin.getByTestId('deal-adjust').click();
  await adjust.getByTestId('deal-adjust-amount').locator('input').fill((raised / 100).toFixed(2));
  await adjust.getByTestId('deal-adjust-reason-input').locator('textarea').fill('开发商追加奖励1000元');
  await adjust.getByTestId('deal-adjust-submit').click();
  await expect(admin.locator('.adm-toast-main').last()).toHaveText(deal.adjusted);
  await expect(adminCard.getByTestId('deal-adjusted')).toHaveText(deal.card.adjustedTag);
  await expect(adminCard.getByTestId('deal-adjust-reason')).toContainText('开发商追加奖励1000元');
  await expect(adminCard.getByTestId('deal-commission')).toHaveText(yuanText(raised));
  await expect(adminCard.getByTestId('deal-computed')).toContainText(yuanText(commissionFen));
  await shot(adminCard, 'card-adjusted');

  // The rest: 已结佣, nothing left to pay.
  const rest = raised - PAID_FIRST_YUAN * 100;
  await admin.getByTestId('deal-pay').click();
  await expect(pay.getByTestId('deal-pay-left')).toContainText(yuanText(rest));
  await pay.getByTestId('deal-pay-amount').locator('input').fill((rest / 100).toFixed(2));
  await pay.getByTestId('deal-pay-submit').click();
  await expect(admin.locator('.adm-toast-main').last()).toHaveText(deal.paid);
  await expect(adminCard).toHaveAttribute('data-state', 'SETTLED');
  await expect(adminCard.getByTestId('deal-settlement')).toHaveText(deal.settlement.SETTLED);
  await expect(adminCard.getByTestId('deal-payment')).toHaveCount(2);
  await expect(adminCard.getByTestId('deal-left')).toHaveText(yuanText(0));
  await expect(adminCard.getByTestId('deal-pay')).toHaveCount(0);
  await shot(adminCard, 'card-settled');

  const settledRow = await expectMyCommission(page, id!, deal.settlement.SETTLED, {
    commissionFen: before.commissionFen + raised,
    paidFen: before.paidFen + raised,
    pendingFen: before.pendingFen,
  });
  await expect(settledRow.getByTestId('deal-row-adjusted')).toHaveText(deal.page.adjusted);
  await expect(settledRow.getByTestId('deal-row-adjust-reason')).toHaveText(deal.page.adjustReason('开发商追加奖励1000元'));
  await picture(page, 'my-commission-settled');

  // The row opens the report, whose card the broker reads as the auditor admin left it.
  await settledRow.click();
  await expect(page).toHaveURL(new RegExp(`/record/detail/${id}$`));
  await expect(page.getByTestId('deal-card')).toHaveAttribute('data-state', 'SETTLED');
  await shot(page.getByTestId('deal-card'), 'card-settled-broker');

  // 修改成交 (issue 30, item 2; decisions 080, 085): the auditor admin corrects the room and the
  // price and replaces the contract with an upload of their own; a reason is required. The
  // commission stays as adjusted.
  await admin.goto(`/record/detail/${id}`);
  await admin.getByTestId('deal-edit').click();
  const edit = admin.getByTestId('deal-edit-form');
  await edit.getByTestId('deal-edit-submit').click();
  await expect(edit.getByTestId('deal-form-error')).toHaveText(deal.editForm.unchanged);
  await edit.getByTestId('deal-room').locator('input').fill('2302');
  await edit.getByTestId('deal-totalPrice').locator('input').fill(String(PRICE_YUAN + 10_000));
  const contract = edit.getByTestId('deal-contract');
  await contract.locator('.adm-image-uploader-cell-delete').click();
  await uploadPicture(contract, { name: 'contract-2.png', mimeType: 'image/png', buffer: PNG });
  await edit.getByTestId('deal-edit-submit').click();
  await expect(edit.getByTestId('deal-form-error')).toHaveText(deal.editReasonRequired);
  await edit.getByTestId('deal-edit-reason').locator('textarea').fill('房号录错');
  await picture(admin, 'form-edit');
  await edit.getByTestId('deal-edit-submit').click();
  await expect(admin.locator('.adm-toast-main').last()).toHaveText(deal.edited);
  await expect(adminCard.getByTestId('deal-unit')).toContainText('2302');
  await expect(adminCard.getByTestId('deal-totalPrice')).toContainText(yuanText((PRICE_YUAN + 10_000) * 100));
  await expect(adminCard.getByTestId('deal-commission')).toHaveText(yuanText(raised));

  // 冲销 the first payment: a reason, then a confirmation; it stays, struck out, and 部分结佣 again.
  const first = adminCard.getByTestId('deal-payment').filter({ hasText: 'HK-2026-001' });
  await first.getByTestId('deal-payment-reverse').click();
  const reverse = admin.getByTestId('deal-reverse-form');
  await reverse.getByTestId('deal-reverse-submit').click();
  await expect(reverse.getByTestId('deal-form-error')).toHaveText(deal.reverseReasonRequired);
  await reverse.getByTestId('deal-reverse-reason').locator('textarea').fill('重复登记');
  await picture(admin, 'form-reverse');
  await reverse.getByTestId('deal-reverse-submit').click();
  await expect(admin.locator('.adm-dialog-body')).toContainText(deal.reverseForm.confirm(yuanText(PAID_FIRST_YUAN * 100).slice(1)));
  // The dialog's fade-in over, for the picture.
  if (SHOTS_DIR) await admin.waitForTimeout(600);
  await picture(admin, 'form-reverse-confirm');
  await admin.locator('.adm-dialog-footer').getByText(deal.reverseForm.submit).click();
  await expect(admin.locator('.adm-toast-main').last()).toHaveText(deal.reversed);
  await expect(adminCard).toHaveAttribute('data-state', 'PARTIAL');
  await expect(first.getByTestId('deal-payment-reversed')).toContainText('重复登记');
  await expect(first.getByTestId('deal-payment-reverse')).toHaveCount(0);
  await expect(adminCard.getByTestId('deal-paid')).toHaveText(yuanText(raised - PAID_FIRST_YUAN * 100));
  await expect(adminCard.getByTestId('deal-left')).toHaveText(yuanText(PAID_FIRST_YUAN * 100));
  await shot(adminCard, 'card-reversed');
  // The broker's card: read only, no 修改成交 or 冲销.
  await page.goto(`/record/detail/${id}`);
  await expect(page.getByTestId('deal-card')).toHaveAttribute('data-state', 'PARTIAL');
  await expect(page.getByTestId('deal-edit')).toHaveCount(0);
  await expect(page.getByTestId('deal-payment-reverse')).toHaveCount(0);
});
