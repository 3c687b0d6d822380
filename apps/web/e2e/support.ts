import { mkdirSync } from 'node:fs';
import { expect, request as requests, test as base, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';

export { expect };

/** The journeys' server, as playwright.config.ts started it. */
const SERVER_PORT = Number(process.env.E2E_PORT);
let journeysInWorker = 0;

/**
 * A host no other journey of this run has: 127.0.0.0/8 is all loopback, so it needs no name
 * service, and Chromium counts it as a secure context (geolocation, as on localhost). The
 * second octet is the worker's (10 and up: never the demo's 127.0.0.1), the rest counts its
 * journeys; a retry is a new journey, so it never meets what its failed try left.
 */
function journeyHost(workerIndex: number): string {
  const n = ++journeysInWorker;
  return `127.${10 + (workerIndex % 240)}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** A demo company of `brand` at a new host (the development route), as the origin to open. */
async function companyOf(brand: 'haikou' | 'sanya', workerIndex: number): Promise<string> {
  const host = journeyHost(workerIndex);
  const api = await requests.newContext({ baseURL: `http://localhost:${SERVER_PORT}` });
  try {
    const res = await api.post('/api/dev/company', { data: { brand, host } });
    expect(res.ok(), await res.text()).toBeTruthy();
  } finally {
    await api.dispose();
  }
  return `http://${host}:${SERVER_PORT}`;
}

/**
 * Every journey in a company of its own (docs/decisions/065): `baseURL` is a fresh copy of the
 * demo company of localhost (海口新房报备), `secondBaseURL` one of 127.0.0.1's (三亚置业报备),
 * made when a journey asks for it. Pages, contexts and `request` all use `baseURL`, so journeys
 * run side by side and in any order, and what one changes no other sees.
 */
// Playwright reads a fixture's needs from its first parameter, which must be a pattern.
/* eslint-disable no-empty-pattern */
export const test = base.extend<{ secondBaseURL: string }>({
  baseURL: async ({}, provide, testInfo) => {
    await provide(await companyOf('haikou', testInfo.workerIndex));
  },
  secondBaseURL: async ({}, provide, testInfo) => {
    await provide(await companyOf('sanya', testInfo.workerIndex));
  },
});
/* eslint-enable no-empty-pattern */

export const PASSWORD = '123456';

/** Signs in through the login page with phone and password. */
export async function signInWithPassword(page: Page, phone: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The answer of a picture code, from the development server's test-only reader. */
export async function captchaAnswer(request: APIRequestContext, sn: string): Promise<string> {
  const res = await request.get(`/api/dev/captcha?sn=${sn}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.code as string;
}

/**
 * The sn of the picture code a page shows now (the last one it fetched), for the console's
 * sign-in. A code fetched while the page navigated away has no body to read; it was never
 * shown, so it is left out instead of failing the test.
 */
export function trackPictureCode(page: Page): () => Promise<string> {
  let latest: string | null = null;
  page.on('response', (response) => {
    if (!response.url().includes('/api/login/verify-code')) return;
    response
      .json()
      .then((body: { data: { sn: string } }) => void (latest = body.data.sn))
      .catch(() => undefined);
  });
  return async () => {
    await expect.poll(() => latest !== null).toBe(true);
    return latest!;
  };
}

/** The last SMS code the development adapter "sent" to a phone. */
export async function lastSmsCode(request: APIRequestContext, phone: string, origin = ''): Promise<string> {
  // Kept per company: asked on the host of the company that sent it (`origin`, else baseURL).
  const res = await request.get(`${origin}/api/dev/sms-code?phone=${phone}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.code as string;
}

/** Signs in over the API (as another device would) and returns the token. */
export async function apiSignIn(request: APIRequestContext, phone: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/login/sign', { data: { username: phone, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

/**
 * A session of an account just added by a manager: signed in with the last six digits of its
 * phone, then the initial password changed to PASSWORD, as the server requires before any
 * other call (decision 017).
 */
export async function apiSignInNewAccount(request: APIRequestContext, phone: string): Promise<string> {
  const token = await apiSignIn(request, phone, phone.slice(-6));
  const changed = await request.post('/api/user/change-password', {
    headers: { authorization: token },
    data: { oldPassword: phone.slice(-6), password: PASSWORD, passwordMore: PASSWORD },
  });
  expect(changed.ok()).toBeTruthy();
  return token;
}

/**
 * The newest toast. A new toast replaces the one showing, but the old one fades out for a moment
 * (longer on a loaded machine), so two can be in the page: the newest is the last one added.
 */
export function latestToast(page: Page): Locator {
  return page.locator('.adm-toast-main').last();
}

/** The newest toast with this text: the same words twice in a row leave two in the page for a moment. */
export function toastSaying(page: Page, text: string): Locator {
  return page.locator('.adm-toast-main').filter({ hasText: text }).last();
}

/**
 * Chooses one picture in an ImageUploader (`area` holds it) and waits until it is uploaded: the
 * local preview shows at once, while the upload runs, and a form refuses to submit until the
 * stored picture (/uploads/…) has replaced it.
 */
export async function uploadPicture(area: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const before = await area.locator('img[src^="/uploads/"]').count();
  await area.locator('input[type=file]').setInputFiles(file);
  await expect(area.locator('img[src^="/uploads/"]')).toHaveCount(before + 1);
  await expect(area.locator('.adm-image-uploader-cell-loading')).toHaveCount(0);
}

/** The text of the open antd-mobile dialog. */
export function dialog(page: Page) {
  return page.locator('.adm-dialog-body');
}

/**
 * The open dialog with this title. A confirm dialog whose action opens the next dialog may
 * stay in the page under it until that action ends, so dialogs are told apart by title.
 */
export function dialogTitled(page: Page, title: string): Locator {
  return page.locator('.adm-dialog-body').filter({ has: page.locator('.adm-dialog-title').getByText(title, { exact: true }) });
}

/** Presses 确定 in the dialog with this title. */
export async function confirmDialog(page: Page, title: string): Promise<void> {
  const box = dialogTitled(page, title);
  await expect(box).toBeVisible();
  await box.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
}

/** Signs in over the API and returns the token and the account's user id (for share links). */
export async function apiSignInUser(
  request: APIRequestContext,
  phone: string,
  password = PASSWORD,
): Promise<{ token: string; uid: number; name: string }> {
  const res = await request.post('/api/login/sign', { data: { username: phone, password } });
  expect(res.ok()).toBeTruthy();
  const data = (await res.json()).data as { token: string; userInfo: { uid: number; name: string } };
  return { token: data.token, uid: data.userInfo.uid, name: data.userInfo.name };
}

/** The sharer's visit count of a listing in 我的分享 (/api/user/get-user-share-statistics). */
export async function shareVisitCount(request: APIRequestContext, token: string, houseId: number): Promise<number> {
  const res = await request.post('/api/user/get-user-share-statistics?page=1&pageSize=100', {
    headers: { Authorization: token },
    data: {},
  });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()).data.list as { houseId: number; visitCount: number }[];
  return list.find((s) => s.houseId === houseId)?.visitCount ?? 0;
}

/** The first listings of the house list (as a visitor), for journeys that need a listing id. */
export async function firstListings(request: APIRequestContext, count = 1): Promise<{ id: number; name: string }[]> {
  const res = await request.post(`/api/index/get-house-list?page=1&pageSize=${count}`, { data: {} });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data.list as { id: number; name: string }[]).map(({ id, name }) => ({ id, name }));
}

/** Swipes an element leftwards with real touch events (antd-mobile's SwipeAction listens to touch on phones). */
export async function swipeLeft(page: Page, target: Locator, distance = 200): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const y = box.y + box.height / 2;
  // Not at the right edge: an IndexBar's side index lies there, over the rows it shares a height with.
  const startX = box.x + box.width * 0.7;
  const cdp = await page.context().newCDPSession(page);
  const touch = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touch(startX) });
  // use-gesture's preventScroll: a touch drag starts only after a 250 ms hold.
  await page.waitForTimeout(300);
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: touch(startX - (distance * step) / 10) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * `phone` reports customers for one listing over the API (the report form's payload, visiting in
 * 26 hours); returns the report ids.
 */
export async function reportOverApi(
  request: APIRequestContext,
  phone: string,
  listingId: number,
  customers: { name: string; phone: string }[],
): Promise<number[]> {
  const token = await apiSignIn(request, phone);
  const visit = formatShanghaiMinute(new Date(Date.now() + 26 * 3_600_000));
  const res = await request.post('/api/record/post-record-data', {
    headers: { Authorization: token },
    data: {
      selectHouse: [listingId],
      customerList: customers.map((c) => ({ name: c.name, sex: 1, phone: c.phone, telType: 0, customerPic: [] })),
      visitorNum: 1,
      visitingTime: visit,
      dkStaffName: '',
      dkStaffPhone: '',
      reception: '',
      remark: '',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.recordIds as number[];
}

/** A listing whose phones must be full and that needs no ID documents. */
export async function fullPhoneListing(request: APIRequestContext): Promise<{ id: number; name: string }> {
  return (await fullPhoneListings(request, 1))[0]!;
}

/** `count` listings whose phones must be full and that need no ID documents. */
export async function fullPhoneListings(request: APIRequestContext, count: number): Promise<{ id: number; name: string }[]> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()).data.list as { id: number; name: string }[];
  const found: { id: number; name: string }[] = [];
  for (const item of list) {
    const detail = await request.post('/api/index/get-house-data', { data: { id: item.id } });
    const data = (await detail.json()).data as { ruleTel: string; isNeedIdCard: boolean };
    if (data.ruleTel === 'FULL' && !data.isNeedIdCard) found.push(item);
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} listings with full phones and no ID documents`);
}

/**
 * Another phone in the same test: a fresh browser context with the project's phone
 * settings, so each account keeps its own storage, as two real phones would.
 */
export async function openPhone(browser: Browser): Promise<Page> {
  // The journey's own baseURL comes with the test's defaults (left out here on purpose).
  const use = test.info().project.use;
  const context = await browser.newContext({
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  return context.newPage();
}

/** Another phone, signed in as `phone`. */
export async function openAs(browser: Browser, phone: string): Promise<Page> {
  const page = await openPhone(browser);
  await signInWithPassword(page, phone);
  await expect(page).toHaveURL(/\/home/);
  return page;
}

/** Picks one option of the open antd-mobile Picker by its text and confirms. */
export async function pickOption(page: Page, text: string): Promise<void> {
  const popup = page.locator('.adm-picker');
  const item = popup.locator('.adm-picker-view-column-item', { hasText: text });
  // A pointer press on the wheel starts its drag gesture, which settles back on the old
  // item; the item's own click handler is what a tap reaches on a phone.
  await item.dispatchEvent('click');
  await expect(item).toHaveAttribute('data-selected', 'true');
  await popup.locator('.adm-picker-header-button').getByText('确定').click();
  await expect(popup).toBeHidden();
}

/**
 * Confirms the open antd Popconfirm with its button, once its zoom-in is over. Two journeys lost
 * such a click on a starved machine (nothing was sent, the popup stayed or went): a click while
 * the popup still moves, or while a leaving one is in the page, can miss it.
 */
export async function confirmPopup(page: Page, button: RegExp | string): Promise<void> {
  const popup = page.locator('.ant-popconfirm:visible');
  await expect(popup).toHaveCount(1);
  await expect(popup).not.toHaveClass(/ant-zoom-big-(appear|enter|leave)/);
  await popup.getByRole('button', { name: button }).click();
}

/**
 * The open antd Modal once its zoom-in is over. A click on its button while it still moved was
 * lost once in CI (console-feedback: 确认已处理 pressed, nothing sent, the dialog stayed open).
 */
export async function settledModal(page: Page): Promise<Locator> {
  const modal = page.locator('.ant-modal:visible');
  await expect(modal).toHaveCount(1);
  await expect(modal).not.toHaveClass(/ant-zoom-(appear|enter|leave)/);
  return modal;
}

/**
 * Opens an antd Dropdown by hovering its trigger and clicks one of its items once the menu's
 * slide-in is over. A click during the slide-in landed on the page beneath (the item still
 * moving), which took the pointer off the menu and closed it (console-brand, once in CI).
 */
export async function chooseFromHoverMenu(page: Page, trigger: Locator, item: string): Promise<void> {
  await trigger.hover();
  const menu = page.locator('.ant-dropdown:visible');
  await expect(menu).toHaveCount(1);
  await expect(menu).not.toHaveClass(/ant-slide-(up|down)-(appear|enter|leave)/);
  await menu.getByRole('menuitem', { name: item }).click();
}

/** The folder of a run's screenshots (`SHOTS=/tmp/shots npx playwright test …`); none are taken without it. */
export const SHOTS_DIR = process.env.SHOTS;

/** A screenshot for looking at a page by hand, once the entrance animations are over; nothing without SHOTS. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: options.fullPage ?? false });
}

/**
 * Fills a field of a console table's search form once the table's first load has settled, and
 * checks the field kept the value. ProTable sets its form's values as it mounts; on a starved
 * machine a value typed in between was wiped, and 查询 then searched without it (a journey waited
 * 120 s for a keyword search that never went out).
 */
/**
 * Searches a console table for `value` in `field` and 查询, until the search's own request has
 * answered (its address carries the value): the fill can still be wiped by the table's form
 * settling after the checks of fillConsoleSearch, and 查询 then lists the unfiltered rows (a
 * journey saw 20 rows instead of 1 once in CI); it is tried again then.
 */
export async function searchConsoleTable(field: Locator, value: string): Promise<void> {
  const page = field.page();
  await expect(async () => {
    await fillConsoleSearch(field, value);
    const searched = page.waitForResponse((r) => r.url().includes('/api/admin/') && decodeURIComponent(r.url()).includes(value), { timeout: 10_000 });
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await searched;
  }).toPass({ timeout: 60_000 });
}

export async function fillConsoleSearch(field: Locator, value: string): Promise<void> {
  const table = field.page().locator('.ant-pro-table').first();
  await expect(table.locator('.ant-table-tbody')).toBeVisible();
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  await field.fill(value);
  await expect(field).toHaveValue(value);
}
