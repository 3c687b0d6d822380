import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { apiSignIn, dialog, expect, fullPhoneListing, signInWithPassword, shot, test, toastSaying } from './support';

// The journeys run with service workers blocked (playwright.config.ts); this one is about the worker.
test.use({ serviceWorkers: 'allow' });

/**
 * Weak networks (issue 33, items 5 and 6; docs/decisions/094) at 390x844: a report that finds no
 * network waits in 待发送 and goes out once when the network returns; a refused retry shows the
 * server's message on its item; the app reloads without a network and shows the last listings.
 */
const BROKER = '13800000003';
const outbox = messages.outbox;

// Unique per run, so a retry never meets the earlier run's report.
const freshPhone = () => `166${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The broker's reports of a customer phone, as the server has them. */
async function reportsOf(request: APIRequestContext, phone: string): Promise<number> {
  const token = await apiSignIn(request, BROKER);
  const res = await request.post('/api/record/get-record-list?page=1&pageSize=20', {
    headers: { Authorization: token },
    data: { keyword: phone, approvalStatus: '', searchDate: [] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()).data.list as unknown[]).length;
}

/** The broker's report form for `listing`, filled with one customer, ready to submit. */
async function fillReport(page: Page, listing: { id: number; name: string }, customerPhone: string) {
  await signInWithPassword(page, BROKER);
  await expect(page).toHaveURL(/\/home/);
  await page.goto(`/house/record/${listing.id}`);
  await expect(page.getByTestId('report-houses')).toContainText(listing.name);
  await page.getByTestId('report-visit-time').click();
  await page.locator('.adm-picker-header-button').getByText(messages.common.confirm).click();
  await page.getByTestId('report-add-customer').click();
  await page.getByTestId('customer-form-name').locator('input').fill('离');
  await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexMale).click();
  await page.getByTestId('customer-form-phone').locator('input').fill(customerPhone);
  await page.getByTestId('customer-form-submit').click();
  await expect(page.getByTestId('report-customer').filter({ hasText: customerPhone })).toHaveCount(1);
}

/** Submits without a network: the report is kept, and the 待发送 list shows it. */
async function submitOffline(page: Page) {
  await page.context().setOffline(true);
  await page.getByTestId('report-submit').click();
  await expect(page.locator('.adm-dialog-title')).toHaveText(outbox.savedTitle);
  await expect(dialog(page)).toContainText(outbox.saved(outbox.kind.report));
  await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
  await expect(page).toHaveURL(/\/my\/outbox$/);
  await expect(page.getByTestId('outbox-item')).toHaveCount(1);
}

test.describe('the outbox', () => {
  // These journeys are about the outbox: page.route must see every call, none answered by the worker.
  test.use({ serviceWorkers: 'block' });

  test('a report submitted offline waits in 待发送 and goes out once when the network returns', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    const phone = freshPhone();
    await fillReport(page, listing, phone);
    await submitOffline(page);
    await expect(page.getByTestId('outbox-item-state')).toHaveText(outbox.state.waiting);
    await expect(page.getByTestId('outbox-item')).toContainText(listing.name);
    await expect(page.getByTestId('outbox-hint')).toHaveText(outbox.offlineHint);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await shot(page, 'offline-outbox-waiting');

    // Still no way through for the submit: the 我的 tab counts it, and a reload keeps it (it lives on the device).
    await page.route('**/api/record/post-record-data', (route) => route.abort('internetdisconnected'));
    await page.context().setOffline(false);
    await page.goto('/home?active=my');
    await expect(page.getByTestId('my-outbox-badge')).toHaveText('1');
    await shot(page, 'offline-my-badge');
    expect(await reportsOf(request, phone)).toBe(0);

    // The network returns: the outbox sends it, one report on the server, and the list empties.
    await page.unroute('**/api/record/post-record-data');
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect(toastSaying(page, outbox.sent(outbox.kind.report))).toBeVisible();
    await expect(page.getByTestId('my-link-outbox')).toHaveCount(0);
    expect(await reportsOf(request, phone)).toBe(1);
    await page.goto('/my/outbox');
    await expect(page.getByTestId('outbox-empty')).toBeVisible();
  });

  test('a try whose answer was lost is sent again with its key: the server replays it, one report', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    const phone = freshPhone();
    await fillReport(page, listing, phone);
    // The server gets the submit and reports; its answer never reaches the phone.
    let lost = true;
    await page.route('**/api/record/post-record-data', async (route) => {
      if (!lost) return route.continue();
      lost = false;
      await route.fetch();
      return route.abort('internetdisconnected');
    });
    await page.getByTestId('report-submit').click();
    await expect(page.locator('.adm-dialog-title')).toHaveText(outbox.savedTitle);
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(page.getByTestId('outbox-item')).toHaveCount(1);
    expect(await reportsOf(request, phone)).toBe(1);
    // 立即发送: the same Idempotency-Key, the first answer replayed, nothing reported twice.
    await page.getByTestId('outbox-item-send').click();
    await expect(page.getByTestId('outbox-empty')).toBeVisible();
    expect(await reportsOf(request, phone)).toBe(1);
  });

  test('a refused retry shows the server’s message on the item and opens back in the form', async ({ page, request }) => {
    const listing = await fullPhoneListing(request);
    const phone = freshPhone();
    await fillReport(page, listing, phone);
    await submitOffline(page);
    const refusal = `【${listing.name}】售罄/停售，不能报备，请选择其他楼盘`;
    await page.route('**/api/record/post-record-data', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, type: 400, msg: refusal, message: refusal, data: null }) }),
    );
    await page.context().setOffline(false);
    await expect(page.getByTestId('outbox-item-error')).toHaveText(refusal);
    await expect(page.getByTestId('outbox-item-state')).toHaveText(outbox.state.refused);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await shot(page, 'offline-outbox-refused');
    expect(await reportsOf(request, phone)).toBe(0);

    await page.getByTestId('outbox-item-edit').click();
    await expect(page).toHaveURL(new RegExp(`/house/record/${listing.id}$`));
    await expect(page.getByTestId('report-customer').filter({ hasText: phone })).toHaveCount(1);
  });
});

test.describe('the app without a network', () => {
  test('reloads offline with the 离线 banner and the last listings', async ({ page }) => {
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    // The worker takes the page; a second load goes through it and keeps home's public answers.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.reload();
    const cards = page.getByTestId('home-card');
    // The list once its loads are over: read while home was still settling, it once gave none.
    await page.waitForLoadState('networkidle');
    await expect(cards.first()).toBeVisible();
    const names = await cards.allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    // A listing opened online (decision 094: its detail kept on the device for this user).
    await cards.first().click();
    const houseName = page.getByTestId('house-name');
    await expect(houseName).toBeVisible();
    const opened = (await houseName.innerText()).trim();
    await page.goBack();
    await expect(cards.first()).toBeVisible();

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toHaveText(messages.offline.banner);
    await expect(page).toHaveURL(/\/home/);
    await expect.poll(() => cards.allInnerTexts()).toEqual(names);
    await shot(page, 'offline-home');
    // The same listing opens without the network, as last read.
    await cards.first().click();
    await expect(houseName).toHaveText(opened);
    await expect(dialog(page)).toHaveCount(0);
    await shot(page, 'offline-house-detail');
    await page.context().setOffline(false);
  });

  test('reopens 我的订单 as the same user with the first page this device last read', async ({ page }) => {
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto('/record/list');
    const rows = page.getByTestId('record-item');
    await expect(rows.first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const seen = await rows.allInnerTexts();
    expect(seen.length).toBeGreaterThan(0);
    await expect(page.getByTestId('record-list-kept')).toHaveCount(0);
    // A report opened online (its detail kept on the device for this user).
    await rows.first().click();
    await expect(page).toHaveURL(/\/record\/detail/);
    const detail = page.getByTestId('record-detail');
    await expect(detail).toBeVisible();
    const detailText = (await detail.innerText()).split('\n')[0]!;
    await page.goBack();
    await expect(rows.first()).toBeVisible();

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toHaveText(messages.offline.banner);
    // Still signed in (the last start's answer kept for this token), not sent to the login page.
    await expect(page).toHaveURL(/\/record\/list$/);
    await expect(page.getByTestId('record-list-kept')).toContainText('离线数据');
    await expect.poll(() => rows.allInnerTexts()).toEqual(seen);
    // Nothing else the signed-in app asks for pops a request-exception dialog over it.
    await expect(dialog(page)).toHaveCount(0);
    await shot(page, 'offline-record-list');
    // The same report's detail opens too, as last read.
    await rows.first().click();
    await expect(detail).toContainText(detailText);
    await shot(page, 'offline-record-detail');
    await page.goBack();

    // Back online: the list is the server's again.
    await page.context().setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await page.reload();
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('record-list-kept')).toHaveCount(0);
  });
});

/**
 * The journeys' server in front of a stand-in for the next release: everything passes through
 * as it is, but /sw.js, once `release()` is called, is the built worker with a few lines added
 * (byte-different, as every new build's worker is, and answering which version it is). The
 * browser asks /sw.js itself, past page.route, so the stand-in is a real HTTP server on another
 * port of the journey's host.
 */
async function nextReleaseInFront(baseURL: string): Promise<{ origin: string; release(): void; close(): Promise<void> }> {
  const upstream = new URL(baseURL);
  let released = false;
  const proxy = http.createServer((incoming, answer) => {
    const isWorker = incoming.url === '/sw.js';
    // The worker whole and fresh: no compressed body to append to, no 304 for the browser's copy.
    const { 'if-none-match': _etag, 'if-modified-since': _since, ...asked } = incoming.headers;
    const headers = isWorker ? { ...asked, 'accept-encoding': 'identity' } : incoming.headers;
    const forwarded = http.request({ host: '127.0.0.1', port: upstream.port, method: incoming.method, path: incoming.url, headers }, (served) => {
      if (!isWorker || !released) {
        answer.writeHead(served.statusCode ?? 502, served.headers);
        served.pipe(answer);
        return;
      }
      const chunks: Buffer[] = [];
      served.on('data', (chunk: Buffer) => chunks.push(chunk));
      served.on('end', () => {
        const next = `\n;self.addEventListener('message', (event) => { if (event.data === 'version?') event.source.postMessage('next'); });\n`;
        const body = Buffer.concat([...chunks, Buffer.from(next)]);
        const { 'content-length': _length, etag: _tag, 'last-modified': _modified, ...kept } = served.headers;
        answer.writeHead(served.statusCode ?? 502, { ...kept, 'content-length': String(body.length) });
        answer.end(body);
      });
    });
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((listening) => proxy.listen(0, '0.0.0.0', listening));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `${upstream.protocol}//${upstream.hostname}:${port}`,
    release: () => {
      released = true;
    },
    close: () =>
      new Promise((closed) => {
        proxy.closeAllConnections();
        proxy.close(() => closed());
      }),
  };
}

test.describe('a new version', () => {
  test('waits behind 有新版本 and takes over on 刷新', async ({ page, baseURL }) => {
    const front = await nextReleaseInFront(baseURL!);
    try {
      await page.goto(`${front.origin}/home`);
      await expect(page.getByTestId('home-card').first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(page.getByTestId('new-version')).toHaveCount(0);

      // A release: the browser's next look at /sw.js finds a different worker, which installs and waits.
      front.release();
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByTestId('new-version');
      await expect(prompt).toContainText(messages.offline.newVersion);
      await expect(prompt).toContainText(messages.offline.newVersionHint);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
      // The page keeps running on the worker it started with until the user says so.
      await expect(page.getByTestId('home-card').first()).toBeVisible();
      await shot(page, 'new-version');

      // 刷新: the waiting worker takes over and the page reloads on it; nothing waits any more.
      await Promise.all([page.waitForEvent('load'), page.getByTestId('new-version-reload').click()]);
      await expect(page.getByTestId('home-card').first()).toBeVisible();
      await expect(prompt).toHaveCount(0);
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const controller = navigator.serviceWorker.controller;
        const version = await new Promise<string>((answered) => {
          navigator.serviceWorker.addEventListener('message', (event) => answered(String(event.data)), { once: true });
          controller?.postMessage('version?');
          setTimeout(() => answered('no answer'), 5000);
        });
        return { waiting: Boolean(registration?.waiting), version };
      });
      expect(state).toEqual({ waiting: false, version: 'next' });
    } finally {
      await front.close();
    }
  });
});
