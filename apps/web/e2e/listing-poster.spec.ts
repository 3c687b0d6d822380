import { messages } from '@baobei/shared/messages';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test, apiSignInUser, firstListings, openPhone, shareVisitCount, shot, signInWithPassword } from './support';

/** 13800000003, the demo's broker (业务员). */
const BROKER = '13800000003';
/** The poster's size and the top of its cover (model/poster-layout.ts: a 96 px brand band above it). */
const POSTER = { width: 750, height: 1334, coverTop: 96 };

/** The chunk that draws posters (features/house/poster/draw-poster.ts), requested by this page. */
function posterChunkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/static\/draw-poster-[^/]+\.js$/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** Opens the listing's share dialog and asks for the poster. */
async function askForPoster(page: Page): Promise<void> {
  await page.getByTestId('house-share').click();
  await expect(page.getByTestId('share-poster')).toHaveText(messages.houseDetail.generatePoster);
  await shot(page, 'listing-poster-share-dialog');
  await page.getByTestId('share-poster').click();
  await expect(page.getByTestId('share-dialog')).toBeHidden();
}

/** The PNG the poster popup shows, decoded. */
async function shownPoster(page: Page): Promise<PNG> {
  const image = page.getByTestId('poster-image');
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/^data:image\/png;base64,/);
  return PNG.sync.read(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
}

function qrText(png: PNG): string | undefined {
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

function pixel(png: PNG, x: number, y: number): number[] {
  const at = (y * png.width + x) * 4;
  return [...png.data.subarray(at, at + 3)];
}

function distance(a: number[], b: number[]): number {
  return Math.hypot(...a.map((v, i) => v - (b[i] ?? 0)));
}

test.describe('listing poster', () => {
  test('a broker makes a poster whose QR code is their share link; opening it counts a visit for them', async ({ page, browser, request, baseURL }) => {
    const [house] = await firstListings(request);
    const broker = await apiSignInUser(request, BROKER);
    const before = await shareVisitCount(request, broker.token, house!.id);
    const posterChunks = posterChunkRequests(page);

    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await page.goto(`/house/detail/${house!.id}`);
    await expect(page.getByTestId('house-name')).toHaveText(house!.name);
    // The poster's code is not part of the page: it loads when asked for.
    expect(posterChunks).toEqual([]);

    await askForPoster(page);
    const png = await shownPoster(page);
    expect(posterChunks).toHaveLength(1);
    expect([png.width, png.height]).toEqual([POSTER.width, POSTER.height]);
    const link = `${baseURL}/house/detail/${house!.id}/${broker.uid}`;
    expect(qrText(png)).toBe(link);
    // The cover was drawn: its corner is the picture's, not the brand colour the band starts with.
    expect(distance(pixel(png, 2, POSTER.coverTop + 2), pixel(png, 2, 2))).toBeGreaterThan(40);
    await expect(page.getByTestId('poster-download')).toHaveAttribute('download', `${house!.name}-海报.png`);
    await expect(page.getByTestId('poster-save-hint')).toHaveCount(0);
    await shot(page, 'listing-poster');

    // The QR code's link, opened on another phone, is the broker's shared page and a visit of theirs.
    const visitor = await openPhone(browser);
    try {
      await visitor.goto(link);
      await expect(visitor.getByTestId('house-name')).toHaveText(house!.name);
      await expect(visitor.getByTestId('house-sharer')).toContainText(broker.name);
    } finally {
      await visitor.context().close();
    }
    await expect.poll(() => shareVisitCount(request, broker.token, house!.id)).toBeGreaterThanOrEqual(before + 1);
  });

  test('in WeChat the poster says to long-press it; a cover that cannot load leaves the brand block; a failed load retries', async ({ page, request, baseURL }) => {
    const [house] = await firstListings(request);
    const { uid } = await apiSignInUser(request, BROKER);
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);

    // WeChat's browser (its user agent) and listing pictures that never arrive.
    await page.addInitScript(() => {
      const agent = `${navigator.userAgent} MicroMessenger/8.0.50`;
      Object.defineProperty(navigator, 'userAgent', { get: () => agent });
    });
    await page.route(/\/(assets|uploads)\//, (route) => route.abort());
    await page.goto(`/house/detail/${house!.id}`);
    await expect(page.getByTestId('house-name')).toHaveText(house!.name);

    // The poster's code fails to arrive once: the popup says so and 重新生成 draws it; then slowly: it says it is drawing.
    let chunkRequests = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/draw-poster-[^/]+\.js$/, async (route) => {
      chunkRequests += 1;
      if (chunkRequests === 1) return route.abort();
      await released;
      return route.continue();
    });
    await askForPoster(page);
    await expect(page.getByTestId('poster-error')).toContainText(messages.poster.failed);
    await shot(page, 'listing-poster-error');
    await page.getByTestId('poster-retry').click();
    await expect(page.getByTestId('poster-loading')).toContainText(messages.poster.drawing);
    await shot(page, 'listing-poster-loading');
    release();
    const png = await shownPoster(page);
    expect(chunkRequests).toBe(2);
    expect(qrText(png)).toBe(`${baseURL}/house/detail/${house!.id}/${uid}`);
    // Both the band and the stand-in block start from the brand colour at their top-left corner.
    expect(distance(pixel(png, 2, POSTER.coverTop + 2), pixel(png, 2, 2))).toBeLessThan(12);
    await expect(page.getByTestId('poster-save-hint')).toHaveText(messages.poster.longPressSave);
    await expect(page.getByTestId('poster-download')).toHaveCount(0);
    await shot(page, 'listing-poster-wechat');
  });
});
