import { type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { staffAddedMessage } from '@baobei/shared/rules/staff';
import { expect, test, apiSignIn, apiSignInNewAccount, dialogTitled, fullPhoneListing, openPhone, latestToast, pickOption, signInWithPassword, swipeLeft, toastSaying } from './support';

const staffText = messages.staff;

/** A phone of this run: a retry never meets the earlier run's accounts. */
const runPhone = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

function rows(page: Page) {
  return page.getByTestId('staff-row');
}

async function staffCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/user/get-user-list', { headers: { authorization: token } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data as { list: unknown[] }[]).reduce((n, g) => n + g.list.length, 0);
}

async function staffPhones(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.post('/api/user/get-user-list', { headers: { authorization: token } });
  return ((await res.json()).data as { list: { phone: string }[] }[]).flatMap((g) => g.list.map((x) => x.phone));
}

async function openStaffList(page: Page, phone: string) {
  await signInWithPassword(page, phone);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/staff/list');
  await expect(page.getByTestId('staff-list')).toBeVisible();
}

/** Swipes the row left until its actions show, then taps one (a swipe during a re-render is lost). */
async function swipeAction(page: Page, row: ReturnType<typeof rows>, action: string) {
  const actions = page.locator('.adm-swipe-action').filter({ has: row });
  await expect(async () => {
    await swipeLeft(page, row, 260);
    await expect(actions.getByRole('button', { name: action })).toBeInViewport({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await actions.getByRole('button', { name: action }).click();
}

test.describe('staff management', () => {
  test('13800000002 adds a broker, who signs in with the last six digits, must change the password, and reports a customer', async ({
    page,
    browser,
    request,
  }) => {
    const phone = runPhone('176');
    const name = `新人${phone.slice(-4)}`;
    const before = await staffCount(request, await apiSignIn(request, '13800000002'));
    await openStaffList(page, '13800000002');
    await expect(rows(page)).toHaveCount(before);

    // 添加 → 添加业务员; the rules answer in the spec's order.
    await page.getByTestId('staff-add').click();
    await page.locator('.adm-action-sheet').getByText(staffText.addOne('业务员')).click();
    const toast = latestToast(page);
    await page.getByTestId('staff-form-submit').click();
    await expect(toast).toHaveText('请填写业务员姓名');
    await page.getByTestId('staff-form-name').locator('input').fill(name);
    await page.getByTestId('staff-form-submit').click();
    await expect(toast).toHaveText('请填写业务员手机号码');
    await page.getByTestId('staff-form-phone').locator('input').fill('1280000');
    await page.getByTestId('staff-form-submit').click();
    await expect(toast).toHaveText(staffText.phoneInvalid);
    await page.getByTestId('staff-form-phone').locator('input').fill(phone);
    await page.getByTestId('staff-form-submit').click();

    const added = dialogTitled(page, staffText.addedTitle);
    await expect(added.locator('.adm-dialog-content')).toHaveText(staffAddedMessage('YUEWUYUAN'));
    await added.getByText(messages.common.confirm, { exact: true }).click();
    const row = rows(page).filter({ hasText: name });
    await expect(row).toContainText(phone);
    await expect(row).toContainText('龙华万达店');
    await expect(rows(page)).toHaveCount(before + 1);

    // The local search: name or phone contains the text.
    await page.getByTestId('staff-search').locator('input').fill(phone.slice(-5));
    await expect(rows(page)).toHaveCount(1);
    await page.getByTestId('staff-search').locator('input').fill('无此员工');
    await expect(page.getByTestId('staff-empty')).toContainText(staffText.searchEmpty);
    await page.getByTestId('staff-search').locator('input').fill('');
    await expect(rows(page)).toHaveCount(before + 1);

    // The new broker, on their own phone: the initial password, then nothing but changing it.
    const broker = await openPhone(browser);
    await signInWithPassword(broker, phone, phone.slice(-6));
    await expect(broker).toHaveURL(/\/change\/password/);
    await expect(broker.getByTestId('must-change-password-notice')).toBeVisible();
    await broker.goto('/home');
    await expect(broker).toHaveURL(/\/change\/password/);
    await broker.getByTestId('change-old-password').fill(phone.slice(-6));
    await broker.getByTestId('change-new-password').fill('abc12345');
    await broker.getByTestId('change-confirm-password').fill('abc12345');
    await broker.getByTestId('change-password-submit').click();
    await expect(broker).toHaveURL(/\/home/);

    // …and reports a customer.
    const listing = await fullPhoneListing(request);
    const customerPhone = runPhone('166');
    await broker.goto(`/house/record/${listing.id}`);
    await expect(broker.getByTestId('report-houses')).toContainText(listing.name);
    await broker.getByTestId('report-visit-time').click();
    await broker.locator('.adm-picker-header-button').getByText(messages.common.confirm).click();
    await broker.getByTestId('report-add-customer').click();
    await broker.getByTestId('customer-form-name').locator('input').fill('冯');
    await broker.getByTestId('customer-form-sex').getByText(messages.customerList.sexMale).click();
    await broker.getByTestId('customer-form-phone').locator('input').fill(customerPhone);
    await broker.getByTestId('customer-form-submit').click();
    await expect(broker.getByTestId('report-customer').filter({ hasText: customerPhone })).toHaveCount(1);
    await broker.getByTestId('report-submit').click();
    await expect(broker.locator('.adm-dialog-title')).toHaveText(messages.recordServer.submitSuccessTitle);
    await broker.context().close();

    // Back on the manager's phone: the broker's row opens their reports.
    await row.click();
    await expect(page).toHaveURL(/\/subDistributor\/record\/list\?name=.+&id=\d+/);
    await expect(page.locator('.adm-nav-bar-title')).toHaveText(name);
    await expect(page.getByTestId('record-item').filter({ hasText: '冯先生' })).toHaveCount(1);
  });

  test('13800000002 batch-adds three staff from pasted text; the bad row is refused', async ({ page, request }) => {
    const phones = [runPhone('175'), runPhone('175'), runPhone('175')];
    const names = phones.map((p, i) => `批量${'甲乙丙'[i]}${p.slice(-3)}`);
    const text = [`${names[0]},${phones[0]},男`, `${names[1]}，${phones[1]}，女`, `${names[2]} ${phones[2]} 男`, '坏行员工,1380000,女', '已注册员工,13800000003,男'].join('\n');
    const token = await apiSignIn(request, '13800000002');
    const before = await staffCount(request, token);
    await openStaffList(page, '13800000002');

    await page.getByTestId('staff-add').click();
    await page.locator('.adm-action-sheet').getByText(staffText.batchAdd).click();
    const box = page.getByTestId('staff-batch-text').locator('textarea');
    await page.getByTestId('staff-batch-recognize').click();
    await expect(latestToast(page)).toHaveText(staffText.recognizeEmpty);
    await page.getByTestId('staff-batch-format').click();
    await expect(box).toHaveValue(/张三,13800138000,男/);
    await page.getByTestId('staff-batch-clear').click();
    await expect(box).toHaveValue('');
    await box.fill(text);
    await page.getByTestId('staff-batch-recognize').click();

    // The recognised rows, the bad one already marked by the shared rule.
    await expect(page).toHaveURL(/\/staff\/batch\/list/);
    const batchRows = page.getByTestId('staff-batch-row');
    await expect(batchRows).toHaveCount(5);
    for (let i = 0; i < 3; i += 1) {
      await expect(batchRows.nth(i)).toContainText(names[i]!);
      await expect(batchRows.nth(i)).toHaveAttribute('data-state', 'ready');
    }
    await expect(batchRows.nth(1)).toContainText(staffText.female);
    await expect(batchRows.nth(3)).toContainText(staffText.phoneInvalid);
    // The button counts the rows the shared rule lets through, not the bad one.
    await expect(page.getByTestId('staff-batch-submit')).toHaveText(staffText.batchSubmit(4));

    await page.getByTestId('staff-batch-submit').click();
    // The bad row was not sent; the server refused the registered phone.
    // By its text: the 识别内容不能为空 toast from above may still be fading out on a slow machine.
    await expect(toastSaying(page, staffText.batchResult(3, 1))).toBeVisible();
    for (let i = 0; i < 3; i += 1) await expect(batchRows.nth(i)).toHaveAttribute('data-state', 'added');
    await expect(batchRows.nth(3)).toHaveAttribute('data-state', 'refused');
    await expect(batchRows.nth(3).getByTestId('staff-batch-reason')).toHaveText(staffText.phoneInvalid);
    await expect(batchRows.nth(4)).toHaveAttribute('data-state', 'refused');
    await expect(batchRows.nth(4).getByTestId('staff-batch-reason')).toHaveText(staffText.phoneTaken);
    // Nothing is offered again as if new: no 确认添加（2人）, the screen is done.
    await expect(page.getByTestId('staff-batch-submit')).toHaveCount(0);
    await expect(page.getByTestId('staff-batch-done')).toHaveText(staffText.batchDone);

    // The refused row can be fixed and sent again on its own; here it is dropped instead.
    await batchRows.nth(3).click();
    await expect(page.getByTestId('staff-batch-form-phone').locator('input')).toHaveValue('1380000');
    await page.locator('.adm-popup').getByText(messages.common.cancel, { exact: true }).click();

    // Back on the list, flagged for refresh: the three are there, the bad row is not.
    await page.locator('.adm-nav-bar-back').click();
    await expect(page).toHaveURL(/\/staff\/list/);
    await expect(rows(page)).toHaveCount(before + 3);
    for (const n of names) await expect(rows(page).filter({ hasText: n })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: '坏行员工' })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: '已注册员工' })).toHaveCount(0);
    const listed = await staffPhones(request, token);
    for (const p of phones) expect(listed).toContain(p);
  });

  test('13800000001 unbinds a shop manager after moving the staff to another manager', async ({ page, request }) => {
    // A shop manager of this run with two brokers, made over the API as the apps would.
    const general = await apiSignIn(request, '13800000001');
    const managerPhone = runPhone('178');
    const managerName = `离任店长${managerPhone.slice(-3)}`;
    const made = await request.post('/api/user/add-user', {
      headers: { authorization: general },
      data: { name: managerName, phone: managerPhone, sex: 1, shopname: '临时门店' },
    });
    expect(made.ok()).toBeTruthy();
    const managerToken = await apiSignInNewAccount(request, managerPhone);
    const brokerPhones = [runPhone('179'), runPhone('179')];
    for (const [i, p] of brokerPhones.entries()) {
      const res = await request.post('/api/user/add-user', { headers: { authorization: managerToken }, data: { name: `随迁${i}`, phone: p, sex: 2 } });
      expect(res.ok()).toBeTruthy();
    }
    const heirToken = await apiSignIn(request, '13800000002');
    const heirBefore = await staffCount(request, heirToken);
    const managers = await request.post('/api/user/get-user-list', { headers: { authorization: general } });
    const heir = ((await managers.json()).data as { list: { phone: string; name: string; shopname: string }[] }[])
      .flatMap((g) => g.list)
      .find((x) => x.phone === '13800000002')!;
    const heirLabel = `${heir.name}（${heir.shopname}）`;

    await openStaffList(page, '13800000001');
    const leaving = rows(page).filter({ hasText: managerName });
    await expect(leaving).toContainText(staffText.subordinates(2));
    await swipeAction(page, leaving, staffText.unbind);

    // 解绑店长: a manager with staff moves them first (or unbinds them all).
    const ask = dialogTitled(page, staffText.unbindManagerTitle);
    await expect(ask.locator('.adm-dialog-content')).toHaveText(staffText.unbindManagerContent(managerName, 2));
    await ask.getByText(staffText.transfer, { exact: true }).click();
    await expect(page.locator('.adm-picker')).toContainText(staffText.transferTitle);
    await pickOption(page, heirLabel);
    const sure = dialogTitled(page, staffText.unbindManagerTitle);
    await expect(sure.locator('.adm-dialog-content')).toHaveText(staffText.transferConfirm(managerName, 2, heirLabel));
    await sure.getByText(messages.common.confirm, { exact: true }).click();
    await expect(page.getByText(staffText.unbound)).toBeVisible();
    await expect(leaving).toHaveCount(0);
    await expect(rows(page).filter({ hasText: heir.phone })).toContainText(staffText.subordinates(heirBefore + 2));

    // The unbound manager's session ended at once; the staff work on under 陈海燕.
    expect((await request.post('/api/login/check-token', { headers: { authorization: managerToken } })).status()).toBe(401);
    const heirStaff = await staffPhones(request, heirToken);
    for (const p of brokerPhones) expect(heirStaff).toContain(p);
  });

  test('a long staff list keeps its scroll position after a member’s reports', async ({ page, request }) => {
    // A shop manager of this run with enough staff to scroll, password already changed.
    const general = await apiSignIn(request, '13800000001');
    const phone = runPhone('174');
    expect((await request.post('/api/user/add-user', { headers: { authorization: general }, data: { name: '滚动店长', phone, sex: 1, shopname: '滚动门店' } })).ok()).toBeTruthy();
    const token = await apiSignInNewAccount(request, phone);
    const list = Array.from({ length: 16 }, (_, i) => ({ name: `员工${String.fromCharCode(65 + i)}`, phone: runPhone('173'), sex: 1, shopname: '' }));
    const batch = await request.post('/api/user/batch-add-user', { headers: { authorization: token }, data: { list } });
    expect((await batch.json()).data.added).toBe(16);

    await openStaffList(page, phone);
    const body = page.locator('.adm-index-bar-body');
    const last = rows(page).last();
    await last.scrollIntoViewIfNeeded();
    const kept = await body.evaluate((el) => el.scrollTop);
    expect(kept).toBeGreaterThan(200);
    await last.click();
    await expect(page).toHaveURL(/\/subDistributor\/record\/list/);
    await page.goBack();
    await expect(page.getByTestId('staff-list')).toBeVisible();
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(kept);
    await expect(last).toBeInViewport();
  });
});
