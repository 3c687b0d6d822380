import { type APIRequestContext } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { HOUSE_FIELDS } from '@baobei/shared/rules/house-fields';
import { expect, test, apiSignInUser, dialog, firstListings, openAs, openPhone, shareVisitCount, shot, signInWithPassword } from './support';

const BROKER = '13800000003';
/** A signed-in account with no seeded favourites, for the empty state. */
const NO_FAVORITES = '13800000004';

async function favoriteIds(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await request.post('/api/user/favorite-house-list?page=1&pageSize=50', {
    headers: { Authorization: token },
    data: {},
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data.list as { houseId: number }[]).map((f) => f.houseId);
}

test.describe('house detail', () => {
  test('a visitor sees the listing without the commission tab, and favouriting asks for login', async ({ page, request }) => {
    const [house] = await firstListings(request);
    await page.goto(`/house/detail/${house!.id}`);
    await expect(page.getByTestId('house-name')).toHaveText(house!.name);
    await expect(page.getByTestId('house-tab-basic')).toBeVisible();
    await expect(page.getByTestId('house-tab-units')).toBeVisible();
    await expect(page.getByTestId('house-tab-commission')).toHaveCount(0);
    await expect(page.getByTestId('house-basic-info')).toContainText(HOUSE_FIELDS.plannedArea.label);
    await expect(page.getByTestId('house-protects')).toHaveCount(0);

    await page.getByTestId('house-favorite').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('the detail says each listing’s phone rule, 全号 or 隐号, before a report is refused for it', async ({ page, request }) => {
    // A listing of each rule, by the detail call the page makes.
    const res = await request.post('/api/index/get-house-list?page=1&pageSize=20', { data: {} });
    const byRule = new Map<string, number>();
    for (const { id } of (await res.json()).data.list as { id: number }[]) {
      const detail = (await (await request.post('/api/index/get-house-data', { data: { id } })).json()).data as { ruleTel: 'FULL' | 'MASKED' };
      if (!byRule.has(detail.ruleTel)) byRule.set(detail.ruleTel, id);
    }
    expect([...byRule.keys()].sort()).toEqual(['FULL', 'MASKED']);
    for (const [rule, id] of byRule) {
      await page.goto(`/house/detail/${id}`);
      const line = page.getByTestId('house-phone-rule');
      await expect(line).toHaveAttribute('data-rule-tel', rule);
      await expect(line).toHaveText(messages.house.ruleTelLine[rule as 'FULL' | 'MASKED']);
    }
  });

  test('报备客户 is offered only where a report would be taken: visitors and brokers, not channel staff or auditors', async ({ page, browser, request }) => {
    const [house] = await firstListings(request);
    // A visitor sees it, and it leads to login.
    await page.goto(`/house/detail/${house!.id}`);
    await expect(page.getByTestId('house-report')).toBeVisible();
    for (const [phone, offered] of [
      [BROKER, true],
      [NO_FAVORITES, false], // CHANNEL
      ['13800000006', false], // AUDITOR
    ] as const) {
      const as = await openAs(browser, phone);
      await as.goto(`/house/detail/${house!.id}`);
      await expect(as.getByTestId('house-toolbar')).toBeVisible();
      await expect(as.getByTestId('house-report')).toHaveCount(offered ? 1 : 0);
      await as.context().close();
    }
  });

  test('signed in as the broker, the commission tab shows the policies by property type', async ({ page, request }) => {
    const [house] = await firstListings(request);
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await page.goto(`/house/detail/${house!.id}`);
    await expect(page.getByTestId('house-name')).toHaveText(house!.name);
    await expect(page.getByTestId('house-protects')).toContainText(messages.houseDetail.reportProtect);

    await page.getByTestId('house-tab-commission').click();
    await expect(page.getByTestId('house-commission')).toContainText(messages.houseDetail.commissionRule);
    await expect(page.getByTestId('house-policy')).toBeVisible();
    await expect(page.getByTestId('house-policy-date')).not.toBeEmpty();

    await page.getByTestId('house-tab-units').click();
    await expect(page.getByTestId('house-unit-type').first()).toBeVisible();
  });

  test('the broker favourites a listing, sees it in /my/favorite, unfavourites it and it leaves', async ({ page, request }) => {
    const { token } = await apiSignInUser(request, BROKER);
    const already = new Set(await favoriteIds(request, token));
    const house = (await firstListings(request, 20)).find((h) => !already.has(h.id))!;

    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await page.goto(`/house/detail/${house.id}`);
    const toggle = page.getByTestId('house-favorite');
    await expect(toggle).toHaveText(messages.houseDetail.favorite);
    await toggle.click();
    await expect(toggle).toHaveText(messages.houseDetail.favorited);

    await page.goto('/my/favorite');
    await expect(page.getByTestId('favorite-item').filter({ hasText: house.name })).toBeVisible();
    await page.getByTestId('favorite-item').filter({ hasText: house.name }).click();
    await expect(page).toHaveURL(new RegExp(`/house/detail/${house.id}$`));

    await expect(toggle).toHaveText(messages.houseDetail.favorited);
    await toggle.click();
    await expect(toggle).toHaveText(messages.houseDetail.favorite);
    await page.goBack();
    await expect(page).toHaveURL(/\/my\/favorite/);
    await expect(page.getByTestId('favorite-list')).toBeVisible();
    await expect(page.getByTestId('favorite-item').filter({ hasText: house.name })).toHaveCount(0);
  });

  test('favourites follow the toggle down to the empty state', async ({ page, request }) => {
    const [house] = await firstListings(request);
    await signInWithPassword(page, NO_FAVORITES);
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/my/favorite');
    await expect(page.getByTestId('favorite-empty')).toContainText(messages.favorite.empty);

    await page.goto(`/house/detail/${house!.id}`);
    await page.getByTestId('house-favorite').click();
    await expect(page.getByTestId('house-favorite')).toHaveText(messages.houseDetail.favorited);
    await page.goto('/my/favorite');
    await expect(page.getByTestId('favorite-item')).toHaveCount(1);
    await expect(page.getByTestId('favorite-item')).toContainText(house!.name);

    await page.getByTestId('favorite-item').click();
    await page.getByTestId('house-favorite').click();
    await expect(page.getByTestId('house-favorite')).toHaveText(messages.houseDetail.favorite);
    await page.goBack();
    await expect(page.getByTestId('favorite-empty')).toContainText(messages.favorite.empty);
  });

  test('reporting shows the listing hints first; a visitor goes to login', async ({ page, request }) => {
    const listings = await firstListings(request, 30);
    // A listing with at least one hint (full name, surname only, ID documents or a special hint).
    let target: { id: number } | undefined;
    for (const h of listings) {
      const res = await request.post('/api/index/get-house-data', { data: { id: h.id } });
      const d = (await res.json()).data as { isFullName: boolean; isNotFullName: boolean; isNeedIdCard: boolean; isAlert: boolean };
      if (d.isFullName || d.isNotFullName || d.isNeedIdCard || d.isAlert) {
        target = h;
        break;
      }
    }
    expect(target).toBeDefined();
    await page.goto(`/house/detail/${target!.id}`);
    await page.getByTestId('house-report').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);

    await page.getByTestId('login-phone').fill(BROKER);
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(new RegExp(`/house/detail/${target!.id}$`));
    await page.getByTestId('house-report').click();
    await expect(dialog(page)).toContainText(messages.houseDetail.hintsTitle);
    await expect(page.getByTestId('house-report-hints')).toBeVisible();
    await page.getByText(messages.houseDetail.continueReport).click();
    await expect(page).toHaveURL(new RegExp(`/house/record/${target!.id}$`));
  });

  test('the share dialog takes a title and description and copies the link with the user id', async ({ page, context, request }) => {
    const [house] = await firstListings(request);
    const { uid } = await apiSignInUser(request, BROKER);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await page.goto(`/house/detail/${house!.id}`);
    await page.getByTestId('house-share').click();
    await expect(page.getByTestId('share-dialog')).toBeVisible();
    await expect(page.getByTestId('share-title').locator('input')).toHaveValue(house!.name);
    await expect(page.getByTestId('share-desc').locator('textarea')).not.toHaveValue('');
    await page.getByTestId('share-title').locator('input').fill(`${house!.name} 限时优惠`);
    await page.getByTestId('share-confirm').click();
    await expect(page.getByText(messages.houseDetail.shareLinkCopied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/house/detail/${house!.id}/${uid}$`));
  });

  test('a shared link opened in a fresh context shows the sharer and records the visit', async ({ browser, request }) => {
    const [house] = await firstListings(request);
    const broker = await apiSignInUser(request, BROKER);
    const before = await shareVisitCount(request, broker.token, house!.id);

    const page = await openPhone(browser);
    try {
      await page.goto(`/house/detail/${house!.id}/${broker.uid}`);
      await expect(page.getByTestId('house-name')).toHaveText(house!.name);
      await expect(page.getByTestId('house-share-toolbar')).toBeVisible();
      await expect(page.getByTestId('house-sharer')).toContainText(broker.name);
      await expect(page.getByTestId('house-toolbar')).toHaveCount(0);
      await expect(page.getByTestId('house-share')).toBeVisible();
    } finally {
      await page.context().close();
    }

    await expect.poll(() => shareVisitCount(request, broker.token, house!.id)).toBeGreaterThanOrEqual(Math.max(1, before + 1));
  });

  test('a listing that cannot load says 获取数据失败 with the server message, and back leaves', async ({ page, request }) => {
    // A server failure (an unknown listing is the not-found page, see below).
    const [house] = await firstListings(request);
    await page.route('**/api/index/get-house-data', (route) =>
      route.fulfill({ status: 500, json: { code: 500, type: 500, msg: '服务器繁忙', message: '服务器繁忙', data: null } }),
    );
    await page.goto('/home');
    await page.goto(`/house/detail/${house!.id}`);
    await expect(dialog(page)).toContainText(messages.houseDetail.loadFailedTitle);
    await expect(dialog(page)).toContainText('服务器繁忙');
    await dialog(page).getByRole('button', { name: messages.common.back }).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test('favourites: a failed load toasts and offers tap-to-retry', async ({ page }) => {
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await page.route('**/api/user/favorite-house-list*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, type: 500, msg: '服务器繁忙', message: '服务器繁忙', data: null }),
      }),
    );
    await page.goto('/my/favorite');
    await expect(page.getByTestId('favorite-error')).toContainText(messages.favorite.loadError);
    await expect(page.getByText('服务器繁忙')).toBeVisible();
    await page.unroute('**/api/user/favorite-house-list*');
    await page.getByTestId('favorite-error').click();
    await expect(page.getByTestId('favorite-item').first()).toBeVisible();
  });

  test('/my/share lists the shared listings and a row opens its visits', async ({ page }) => {
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/my/share');
    const row = page.getByTestId('share-row').first();
    await expect(row).toBeVisible();
    await row.getByRole('button').first().click();
    await expect(page.getByTestId('share-visits')).toBeVisible();
  });
});

test('an unknown or withdrawn listing is a not-found page; a network failure keeps its retry', async ({ page, request }) => {
  // Every listing on the shelves; the seed's withdrawn listing (海口·旧城新苑) is the brand's last, right after them.
  const ids = new Set<number>();
  for (let p = 1; ; p += 1) {
    const res = await request.post(`/api/index/get-house-list?page=${p}&pageSize=100`, { data: {} });
    const list = (await res.json()).data.list as { id: number }[];
    list.forEach((h) => ids.add(h.id));
    if (list.length < 100) break;
  }
  const sorted = [...ids].sort((a, b) => a - b);
  const withdrawn = sorted.at(-1)! + 1;
  expect(withdrawn).toBeGreaterThan(0);
  expect((await request.post('/api/index/get-house-data', { data: { id: withdrawn } })).status()).toBe(404);

  for (const id of [withdrawn, 999_999]) {
    await page.goto(`/house/detail/${id}`);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByText(messages.common.pageNotFoundHint)).toBeVisible();
    await expect(page.getByTestId('house-load-failed')).toHaveCount(0);
    await expect(dialog(page)).toHaveCount(0);
  }
  await shot(page, 'house-detail-not-found');
  await page.getByTestId('not-found-home').click();
  await expect(page).toHaveURL(/\/home/);

  // A network failure is not a missing listing: the retry stays and works.
  const [house] = await firstListings(request);
  await page.route('**/api/index/get-house-data', (route) => route.abort('connectionrefused'));
  await page.goto(`/house/detail/${house!.id}`);
  await expect(page.getByTestId('house-load-failed')).toBeVisible();
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
  await page.unroute('**/api/index/get-house-data');
  await dialog(page).getByText(messages.houseDetail.loadFailedRetry).click();
  await expect(page.getByTestId('house-name')).toHaveText(house!.name);
});

/** The first seeded listing whose media field is set. */
async function listingWith(request: APIRequestContext, field: 'buildingVideo' | 'buildingVr'): Promise<{ id: number; name: string; url: string }> {
  const res = await request.post('/api/index/get-house-list?page=1&pageSize=50', { data: {} });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()).data.list as ({ id: number; name: string } & Record<typeof field, string>)[];
  const house = list.find((h) => h[field]);
  expect(house, `a listing with ${field}`).toBeTruthy();
  return { id: house!.id, name: house!.name, url: house![field] };
}

test('the listing video is a real clip that plays inline in the detail player', async ({ page, request }) => {
  const house = await listingWith(request, 'buildingVideo');
  expect(house.url).toMatch(/\.mp4$/);
  await page.goto(`/house/detail/${house.id}`);
  await page.getByTestId('house-video-entry').click();
  const video = page.getByTestId('house-video-player');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('playsinline', '');
  await expect(video).toHaveAttribute('webkit-playsinline', 'true');
  await expect(video).toHaveAttribute('poster', /\.jpg$/);

  const canPlay = await video.evaluate((el: HTMLVideoElement) => el.canPlayType('video/mp4; codecs="avc1.42E01E"'));
  expect(canPlay).not.toBe('');
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  const { duration, width } = await video.evaluate((el: HTMLVideoElement) => ({ duration: el.duration, width: el.videoWidth }));
  expect(duration).toBeGreaterThan(3);
  expect(width).toBeGreaterThan(0);
});

test('a VR listing opens a 360° viewer whose view turns under a drag', async ({ page, request }) => {
  const house = await listingWith(request, 'buildingVr');
  expect(house.url).toMatch(/\.jpg$/);
  // The viewer library is fetched on this route only.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/house/detail/${house.id}`);
  await expect(page.getByTestId('house-name')).toHaveText(house.name);
  const beforeVr = scripts.length;
  await page.getByTestId('house-vr-entry').click();
  await expect(page).toHaveURL(new RegExp(`/house/vr/${house.id}`));

  const viewer = page.getByTestId('house-vr-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(viewer.locator('canvas')).toBeVisible();
  await expect(page.getByText(messages.houseDetail.vrDragHint)).toBeVisible();
  expect(scripts.length).toBeGreaterThan(beforeVr);

  const yaw = async () => Number(await viewer.getAttribute('data-yaw'));
  const start = await yaw();
  const canvas = viewer.locator('canvas');
  const before = await canvas.screenshot();
  const box = (await viewer.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx + 120, cy);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(cx + 120 - i * 24, cy);
  await page.mouse.up();
  await expect.poll(async () => Math.abs((await yaw()) - start)).toBeGreaterThan(0.2);
  expect((await canvas.screenshot()).equals(before)).toBe(false);
});
