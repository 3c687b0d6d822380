import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { adminDistributorMessages as text } from '@baobei/shared/messages/admin';
import { creditCodeCheckChar } from '@baobei/shared/rules/registration';
import { expect, test, apiSignIn, apiSignInNewAccount, dialog, dialogTitled, openPhone, PASSWORD, signInWithPassword, shot, SHOTS_DIR, fillConsoleSearch, confirmPopup } from './support';

/**
 * The console's 分销商 and 入驻审核 (issue 16, item 1; decision 046) at 1440x900: a distributor
 * registers through the public calls the registration form makes; the operator of localhost
 * approves it in the console with the licence in view, and its general account signs in on the
 * app (390x844). Its shop manager adds a broker, who works on a phone; the operator disables the
 * distributor and the broker's next call is refused (back to the login page, and signing in
 * again says why); enabling lets the broker in again. Names and phones (卢湾…, 1356046…) are
 * this spec's alone. SHOTS=<dir> saves the pages at 1440x900.
 */
const OPERATOR = '13800000009';
const TOKEN_KEY = 'baobei.console.token';
const REG_PASSWORD = 'luwan2026';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });


async function signInConsole(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/admin/auth/sign', { data: { phone, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = (await res.json()).data.token as string;
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  return token;
}

/** A licence picture: a page drawn in the browser, as a phone's photo of the licence would be uploaded. */
async function licencePicture(browser: Browser, name: string, creditNo: string): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
  const page = await context.newPage();
  await page.setContent(`<body style="margin:0"><div style="box-sizing:border-box;height:640px;padding:40px;border:16px double #b8860b;background:#fffaf0;font-family:serif;color:#8b0000;text-align:center">
    <h1 style="font-size:56px;letter-spacing:16px;margin:20px 0">营业执照</h1>
    <p style="font-size:26px;color:#333">统一社会信用代码&emsp;${creditNo}</p>
    <p style="font-size:30px;color:#222;margin-top:48px">名称&emsp;${name}</p>
    <p style="font-size:24px;color:#444">类型&emsp;有限责任公司</p><p style="font-size:24px;color:#444">住所&emsp;海南省海口市美兰区卢湾路8号</p></div></body>`);
  const buffer = await page.screenshot({ type: 'png' });
  await context.close();
  return buffer;
}

/** A unified social credit code no registry knows, with its right check character (the manual path of decision 013). */
function creditNo(stamp: number): string {
  const body = `91460100MA5L${String(stamp % 100_000).padStart(5, '0')}`;
  return body + creditCodeCheckChar(body)!;
}

test('the operator approves a registration, the distributor signs in on the app, and disabling it refuses its broker at once', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const tail = String(stamp % 1000).padStart(3, '0');
  const managerPhone = `13560460${tail}`;
  const shopPhone = `13560461${tail}`;
  const brokerPhone = `13560462${tail}`;
  const shortName = `卢湾置业${tail}`;
  const licenseName = `海南卢湾置业${tail}房产经纪有限公司`;
  const credit = creditNo(stamp);

  // The registration form's calls: the licence upload, then the registration itself.
  const picture = await licencePicture(browser, licenseName, credit);
  const uploaded = await request.post('/api/publicapi/upload-licence', { multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: picture } } });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  const cities = (await (await request.get('/api/publicapi/get-city')).json()).data;
  const registered = await request.post('/api/publicapi/reg-distributor', {
    data: {
      password: REG_PASSWORD,
      companyLicenseName: licenseName,
      name: shortName,
      managerName: '卢建国',
      managerPhone,
      address: '海口市美兰区卢湾路8号',
      channelId: null,
      channelName: '',
      employeeId: null,
      businessLicensePic: (await uploaded.json()).data.url,
      locationId: cities[0].children[0].value,
      creditNo: credit,
    },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();

  // 入驻审核: the pending registration with its licence; the review drawer shows it large.
  await signInConsole(page, request, OPERATOR);
  await page.goto('/admin/registrations');
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.reviewTitle);
  const row = page.locator('tr.ant-table-row').filter({ hasText: licenseName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(text.regPending);
  await expect(row.locator('img')).toBeVisible();
  await shot(page, 'registrations-1440');
  await row.getByText(licenseName).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText(credit);
  await expect(drawer).toContainText(managerPhone);
  const big = drawer.locator(`img[alt="${text.licence}"]`);
  await expect(big).toBeVisible();
  expect((await big.boundingBox())!.width).toBeGreaterThan(400);
  await shot(page, 'registration-review-1440');
  // The licence opens in antd's preview (zoom), and closes again. A pointer on the picture meets
  // antd's 预览 mask over it: click the mask, once the drawer has slid in (a forced click on the
  // picture skipped that wait and once landed outside the viewport).
  await drawer.locator('.ant-image').filter({ has: page.locator(`img[alt="${text.licence}"]`) }).locator('.ant-image-mask').click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await shot(page, 'registration-licence-preview-1440');
  // Its own close button: Escape may reach the drawer beneath too and close both.
  await page.locator('.ant-image-preview-close').click();
  await expect(page.locator('.ant-image-preview-img')).toBeHidden();
  await expect(page.locator('.ant-drawer-content')).toBeVisible();

  // A rejection needs a reason (the modal says so before anything is sent); then approve.
  await drawer.getByRole('button', { name: /驳\s*回/ }).click();
  const modal = page.locator('.ant-modal-content').filter({ hasText: text.rejectTitle });
  await modal.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(modal).toContainText(text.rejectReasonRequired);
  await shot(page, 'registration-reject-1440');
  await modal.getByRole('button', { name: /取\s*消/ }).click();
  await drawer.getByRole('button', { name: /通\s*过/ }).click();
  const reviewed = page.waitForResponse((r) => r.url().includes('/api/admin/registration/review'));
  await confirmPopup(page, /通\s*过/);
  expect((await reviewed).status()).toBe(200);
  await expect(page.locator('.ant-message')).toContainText(messages.registration.reviewApproved);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: licenseName })).toHaveCount(0);

  // The new distributor's general account signs in on the app with the registration's password.
  const phone = await openPhone(browser);
  await signInWithPassword(phone, managerPhone, REG_PASSWORD);
  await expect(phone).toHaveURL(/\/home/);
  await phone.context().close();

  // Its shop: the general account adds a shop manager, who adds a broker; the broker works on a phone.
  const general = await apiSignIn(request, managerPhone, REG_PASSWORD);
  const shop = await request.post('/api/user/add-user', { headers: { authorization: general }, data: { name: '卢店长', shopname: '卢湾总店', phone: shopPhone, sex: 1 } });
  expect(shop.ok(), await shop.text()).toBeTruthy();
  const shopToken = await apiSignInNewAccount(request, shopPhone);
  const broker = await request.post('/api/user/add-user', { headers: { authorization: shopToken }, data: { name: '卢小二', shopname: '', phone: brokerPhone, sex: 1 } });
  expect(broker.ok(), await broker.text()).toBeTruthy();
  await apiSignInNewAccount(request, brokerPhone);
  const brokerPage = await openPhone(browser);
  await signInWithPassword(brokerPage, brokerPhone);
  await expect(brokerPage).toHaveURL(/\/home/);

  // 分销商: found by its short name, its drawer shows the shop with the broker and the staff.
  await page.goto('/admin/distributors');
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.title);
  await expect(page.getByText(/共 \d+ 个分销商/)).toBeVisible();
  await shot(page, 'distributors-1440');
  await fillConsoleSearch(page.getByPlaceholder(text.keywordPlaceholder), shortName);
  const listed = page.waitForResponse((r) => r.url().includes('/api/admin/distributor/list') && r.url().includes('keyword='));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await listed;
  const distributorRow = page.locator('tr.ant-table-row').filter({ hasText: shortName });
  await expect(distributorRow).toHaveCount(1);
  await expect(distributorRow).toContainText(text.statusEnabled);
  await distributorRow.getByText(licenseName).click();
  const detail = page.locator('.ant-drawer-content');
  await expect(detail).toContainText('卢湾总店');
  await expect(detail).toContainText('卢小二');
  await expect(detail.locator('tr.ant-table-row')).toHaveCount(3);
  await shot(page, 'distributor-drawer-1440');
  await detail.locator('.ant-drawer-close').click();

  // 停用 behind its Popconfirm: the broker's open session ends at once.
  await distributorRow.getByRole('button', { name: /停\s*用/ }).click();
  await expect(page.locator('.ant-popconfirm:visible')).toContainText(text.disableConfirm);
  await shot(page, 'distributor-disable-confirm-1440');
  const disabled = page.waitForResponse((r) => r.url().includes('/api/admin/distributor/disable'));
  await confirmPopup(page, /停\s*用/);
  expect((await disabled).status()).toBe(200);
  await expect(distributorRow).toContainText(text.statusDisabled);
  await shot(page, 'distributor-disabled-1440');

  // The broker's next call is refused: the app says the login expired and goes to the login page.
  await brokerPage.goto('/user/info');
  await expect(dialog(brokerPage)).toContainText(messages.common.loginExpired);
  await brokerPage.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(brokerPage).toHaveURL(/\/login/);
  await brokerPage.getByTestId('login-phone').fill(brokerPhone);
  await brokerPage.getByTestId('login-password').fill(PASSWORD);
  await brokerPage.getByTestId('login-submit').click();
  await expect(dialogTitled(brokerPage, messages.login.loginFailedTitle)).toContainText(text.disabledSignIn);
  await brokerPage.screenshot({ path: SHOTS_DIR ? `${SHOTS_DIR}/mobile-disabled-login-390.png` : test.info().outputPath('mobile-disabled-login.png') });

  // 启用: the broker signs in again.
  await distributorRow.getByRole('button', { name: /启\s*用/ }).click();
  const enabled = page.waitForResponse((r) => r.url().includes('/api/admin/distributor/enable'));
  await confirmPopup(page, /启\s*用/);
  expect((await enabled).status()).toBe(200);
  await expect(distributorRow).toContainText(text.statusEnabled);
  await brokerPage.locator('.adm-dialog-footer').getByText('确定').click();
  await brokerPage.getByTestId('login-submit').click();
  // Back where the expired session left off.
  await expect(brokerPage).toHaveURL(/\/user\/info/);
  await expect(brokerPage.getByText('卢小二')).toBeVisible();
  await brokerPage.context().close();

  // The 1024 px laptop (the menu folds to icons): both pages still read.
  if (SHOTS_DIR) {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/admin/distributors');
    await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
    await shot(page, 'distributors-1024');
    await page.goto('/admin/registrations');
    await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.reviewTitle);
    await shot(page, 'registrations-1024');
  }
});
