import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { adminHouseFormMessages as form } from '@baobei/shared/messages/admin';
import { bd09ToGcj02, gcj02ToBd09 } from '@baobei/shared/rules/map-coordinates';
import { expect, test, captchaAnswer, PASSWORD, shot, trackPictureCode } from './support';

/**
 * Issue 15, item 4 (docs/decisions/043): with a maps key, the console's listing form picks the
 * coordinates on AMap. No internet here: the company's public config answer is given a key, and
 * AMap's script (https://webapi.amap.com/maps?callback=___onAPILoaded…, what
 * @amap/amap-jsapi-loader appends) is a small fake defining window.AMap (a Map whose clicks
 * report a GCJ-02 point, a Marker with setPosition) and calling the loader's callback.
 *
 * This server has no AMAP_KEY (the other journeys would load AMap), so its CSP is the keyless
 * one, which refuses webapi.amap.com before a route could answer: the page runs with bypassCSP.
 * The policy a keyed deployment sends is checked in security-headers.test.ts (decision 043, Form).
 */
const OPERATOR = '13800000009';
const MAP_KEY = 'e2e-fake-amap-key';
/** antd spaces a two-character button label (确 定). */
const button = (label: string) => new RegExp(`^${label.split('').join('\\s*')}$`);

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, bypassCSP: true });
// The console's sign-in and its listing form, beside the other journeys on two cores, took the
// first test past 60 s once in CI: the console's journeys have 120 s (decision 065).
test.describe.configure({ timeout: 120_000 });

/** Runs in the page: AMap JS API 2.0 as far as the picker uses it; 0.00001° per pixel. */
const FAKE_AMAP = `(() => {
  const state = { key: new URL(document.currentScript.src).searchParams.get('key'), center: null, marker: null, clicked: null };
  window.__fakeAmap = state;
  function LngLat(lng, lat) { this.lng = lng; this.lat = lat; }
  LngLat.prototype.getLng = function () { return this.lng; };
  LngLat.prototype.getLat = function () { return this.lat; };
  function Map(container, options) {
    state.center = options.center;
    this.handlers = [];
    container.style.background = 'repeating-linear-gradient(0deg, #e8f0e0 0 39px, #cfd8c6 39px 40px), #e8f0e0';
    container.style.position = 'relative';
    container.setAttribute('data-fake-amap', '');
    const dot = document.createElement('div');
    dot.setAttribute('data-fake-marker', '');
    dot.style.cssText = 'position:absolute;width:14px;height:14px;margin:-7px 0 0 -7px;border-radius:50%;background:#f5222d;left:50%;top:50%';
    container.appendChild(dot);
    container.addEventListener('click', (event) => {
      const box = container.getBoundingClientRect();
      const x = event.clientX - box.left;
      const y = event.clientY - box.top;
      const point = new LngLat(
        Number((options.center[0] + (x - box.width / 2) * 0.00001).toFixed(6)),
        Number((options.center[1] - (y - box.height / 2) * 0.00001).toFixed(6)),
      );
      state.clicked = [point.lng, point.lat];
      dot.style.left = x + 'px';
      dot.style.top = y + 'px';
      for (const handler of this.handlers) handler({ lnglat: point });
    });
  }
  Map.prototype.on = function (event, handler) { if (event === 'click') this.handlers.push(handler); };
  Map.prototype.add = function () {};
  Map.prototype.destroy = function () {};
  function Marker(options) { state.marker = options.position; }
  Marker.prototype.setPosition = function (position) { state.marker = position; };
  window.AMap = { Map, Marker, LngLat, plugin: (_names, done) => done() };
  window.___onAPILoaded();
})();`;

interface FakeState {
  key: string;
  center: [number, number];
  marker: [number, number];
  clicked: [number, number] | null;
}

/** The company's public config with a maps key, as a company with AMAP_KEY configured answers. */
async function giveMapKey(page: Page) {
  await page.route('**/api/index/get-common-init-config', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data.mapKey = MAP_KEY;
    body.data.mapSecurityCode = 'e2e-fake-security-code';
    await route.fulfill({ response, json: body });
  });
}

async function openNewListing(page: Page, request: Parameters<typeof captchaAnswer>[0]) {
  const pictureSn = trackPictureCode(page);
  await page.goto('/admin/houses/new');
  await expect(page).toHaveURL(/\/admin\/login\?from=/);
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(OPERATOR);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(PASSWORD);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(await captchaAnswer(request, await pictureSn()));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/houses\/new$/);
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(form.titleNew);
}

test('with a maps key, a point clicked on the map is written back as BD-09 into 经度 and 纬度', async ({ page, request }) => {
  await giveMapKey(page);
  const scripts: string[] = [];
  await page.route('https://webapi.amap.com/**', async (route) => {
    scripts.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: FAKE_AMAP });
  });
  await openNewListing(page, request);

  await expect(page.getByText(form.mapPickHint)).toBeVisible();
  await expect(page.getByText(form.coordinatesHint)).toHaveCount(0);
  // The loader loads only when the picker opens.
  expect(scripts).toEqual([]);

  const typed = { lng: 110.3377, lat: 20.0502 };
  await page.getByLabel(form.longitude, { exact: true }).fill(String(typed.lng));
  await page.getByLabel(form.latitude, { exact: true }).fill(String(typed.lat));
  await page.getByRole('button', { name: form.mapPick }).click();

  const picker = page.getByRole('dialog').filter({ hasText: form.mapPickHelp });
  const map = picker.locator('[data-fake-amap]');
  await expect(map).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(new URL(scripts[0]!).searchParams.get('key')).toBe(MAP_KEY);
  expect(await page.evaluate(() => (window as unknown as { _AMapSecurityConfig?: { securityJsCode: string } })._AMapSecurityConfig)).toEqual({
    securityJsCode: 'e2e-fake-security-code',
  });
  // Centred on the typed coordinates, converted to AMap's GCJ-02, with the marker there.
  const start = bd09ToGcj02(typed);
  const opened = await page.evaluate(() => (window as unknown as { __fakeAmap: FakeState }).__fakeAmap);
  expect(opened.center).toEqual([start.lng, start.lat]);
  expect(opened.marker).toEqual([start.lng, start.lat]);

  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 160, y: box.height / 2 - 90 } });
  const after = await page.evaluate(() => (window as unknown as { __fakeAmap: FakeState }).__fakeAmap);
  expect(after.clicked).not.toBeNull();
  expect(after.clicked).not.toEqual(opened.center);
  expect(after.marker).toEqual(after.clicked);
  const expected = gcj02ToBd09({ lng: after.clicked![0], lat: after.clicked![1] });
  await expect(picker.getByTestId('house-map-picked')).toHaveText(form.mapPicked(expected.lng, expected.lat));
  await shot(page, 'console-map-picker-open-1440x900');

  await picker.getByRole('button', { name: button(form.mapPickConfirm) }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByLabel(form.longitude, { exact: true })).toHaveValue(expected.lng.toFixed(6));
  await expect(page.getByLabel(form.latitude, { exact: true })).toHaveValue(expected.lat.toFixed(6));
  expect(expected.lng).not.toBeCloseTo(typed.lng, 3);
});

test('with a maps key, AMap failing to load shows the Chinese message and the typed fields stay', async ({ page, request }) => {
  await giveMapKey(page);
  await page.route('https://webapi.amap.com/**', (route) => route.abort('internetdisconnected'));
  await openNewListing(page, request);
  await page.getByLabel(form.longitude, { exact: true }).fill('110.3377');
  await page.getByRole('button', { name: form.mapPick }).click();
  const picker = page.getByRole('dialog').filter({ hasText: form.mapPickHelp });
  await expect(picker.getByRole('alert')).toHaveText(form.mapLoadFailed);
  await expect(picker.getByRole('button', { name: button(form.mapPickConfirm) })).toBeDisabled();
  await picker.getByRole('button', { name: button(form.mapPickCancel) }).click();
  await expect(page.getByLabel(form.longitude, { exact: true })).toHaveValue('110.337700');
});

test('without a maps key, the form keeps the typed coordinates and says no key is configured', async ({ page, request }) => {
  await openNewListing(page, request);
  await expect(page.getByText(form.coordinatesHint)).toBeVisible();
  await expect(page.getByRole('button', { name: form.mapPick })).toHaveCount(0);
});
