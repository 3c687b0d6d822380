import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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

/** The last SMS code the development adapter "sent" to a phone. */
export async function lastSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/api/dev/sms-code?phone=${phone}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.code as string;
}

/** Signs in over the API (as another device would) and returns the token. */
export async function apiSignIn(request: APIRequestContext, phone: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/login/sign', { data: { username: phone, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

/** The text of the open antd-mobile dialog. */
export function dialog(page: Page) {
  return page.locator('.adm-dialog-body');
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
  const startX = box.x + box.width - 20;
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
