import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { agreementMessages } from '@baobei/shared/messages/agreement';
import { expect, test, dialog, signInWithPassword, latestToast, shot } from './support';

/**
 * Browsing: the home index of the current city, the city switch, the
 * house list's search, filters and paging, and the pages of the my tab, as a visitor and as
 * the broker 13800000003. The config puts the phone in Haikou (the default city), so
 * locating keeps Haikou without a dialog unless a test moves it or refuses the permission.
 */

const BROKER = '13800000003';

type Who = 'visitor' | 'broker';

async function startAs(page: Page, who: Who): Promise<void> {
  if (who === 'broker') {
    await signInWithPassword(page, BROKER);
    await expect(page).toHaveURL(/\/home/);
  }
}

function houseItems(page: Page) {
  return page.getByTestId('house-item');
}

/** The filter titles of the list, in order: area, price, type, status. */
function filterTitle(page: Page, index: number) {
  return page.locator('.adm-dropdown-item').nth(index);
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

for (const who of ['visitor', 'broker'] as const) {
  test.describe(`browsing as ${who}`, () => {
    test('home of Haikou: banners, navigation and columns, media columns without price', async ({ page }) => {
      await startAs(page, who);
      await page.goto('/home');
      await expect(page.getByTestId('home-city')).toContainText('海口');
      await expect(page.getByTestId('home-banner').first()).toBeVisible();
      await expect(page.getByTestId('home-nav')).toHaveCount(8);
      const columns = page.getByTestId('home-column');
      await expect(columns.filter({ hasText: '热销楼盘' })).toBeVisible();
      await expect(columns.first().getByTestId('home-card').first()).toBeVisible();
      expect(await columns.first().getByTestId('home-card-price').count()).toBeGreaterThan(0);

      // Video (2) and VR (4) columns: an icon on every card, no price.
      for (const [type, badge] of [
        ['2', 'badge-video'],
        ['4', 'badge-vr'],
      ] as const) {
        const column = page.locator(`[data-testid="home-column"][data-column-type="${type}"]`);
        await expect(column).toHaveCount(1);
        const cards = await column.getByTestId('home-card').count();
        expect(cards).toBeGreaterThan(0);
        await expect(column.getByTestId(badge)).toHaveCount(cards);
        await expect(column.getByTestId('home-card-price')).toHaveCount(0);
      }
      // Located in Haikou, the city on screen: no locating dialog.
      await expect(page.locator('.adm-dialog-body')).toHaveCount(0);
    });

    test('switching the city on /select/city changes the index, and it is kept', async ({ page }) => {
      // Nothing stored: this session has had its locate attempt (features/home/use-locate-city.ts),
      // so Haikou is the default city, not a located one.
      await page.addInitScript(() => sessionStorage.setItem('baobei:locateTried', '1'));
      await startAs(page, who);
      await page.goto('/home');
      await expect(page.getByTestId('home-column').filter({ hasText: '热销楼盘' })).toBeVisible();
      await page.getByTestId('home-city').click();
      await expect(page).toHaveURL(/\/select\/city$/);
      await expect(page.getByTestId('city-current')).toContainText('海口');
      await expect(page.getByTestId('city-current')).toContainText(messages.city.defaultTag);

      await page.getByTestId('city-option').filter({ hasText: /^三亚$/ }).click();
      await expect(page).toHaveURL(/\/home/);
      await expect(page.getByTestId('home-city')).toContainText('三亚');
      await expect(page.getByTestId('home-column').filter({ hasText: '三亚度假置业' })).toBeVisible();
      await expect(page.getByTestId('home-column').filter({ hasText: '热销楼盘' })).toHaveCount(0);

      await page.reload();
      await expect(page.getByTestId('home-city')).toContainText('三亚');
      await page.getByTestId('home-city').click();
      await expect(page.getByTestId('city-current')).toContainText('三亚');
      await expect(page.getByTestId('city-current')).not.toContainText(messages.city.defaultTag);
    });

    test('search a listing by part of its name from the home search bar', async ({ page }) => {
      await startAs(page, who);
      await page.goto('/home');
      await page.getByTestId('home-search').click();
      await expect(page).toHaveURL(/\/house\/list\?focus=1/);
      const input = page.getByTestId('house-search').locator('input');
      await expect(input).toBeFocused();
      // The first page holds 8; the next may follow at once when the screen is not yet full.
      await expect(houseItems(page).nth(7)).toBeVisible();

      // Typing searches after the pause, without pressing Enter.
      await input.pressSequentially('椰林', { delay: 30 });
      await expect(page).toHaveURL(/keyword=/);
      await expect(houseItems(page).first()).toContainText('椰林湾花园');
      for (const name of await page.getByTestId('house-item-name').allTextContents()) expect(name).toContain('椰林');

      await input.fill('没有这样的楼盘');
      await input.press('Enter');
      await expect(page.getByTestId('house-list-empty')).toContainText(messages.houseList.empty);
    });

    test('filter by feature from the navigation grid, then by price', async ({ page }) => {
      await startAs(page, who);
      await page.goto('/home');
      await page.getByTestId('home-nav').filter({ hasText: '海景房' }).click();
      await expect(page).toHaveURL(/\/house\/list\?feature=\d+/);
      const feature = Number(new URL(page.url()).searchParams.get('feature'));
      // The type filter shows the pre-selected feature.
      await expect(filterTitle(page, 2)).toContainText('海景房');
      await expect(houseItems(page).first()).toBeVisible();

      const priced = page.waitForRequest(
        (r) => r.url().includes('/api/index/get-house-list') && r.postDataJSON()?.price === '100-150',
      );
      await filterTitle(page, 1).click();
      await page.getByTestId('filter-price').getByText('100-150万').click();
      const body = (await priced).postDataJSON();
      expect(body).toMatchObject({ price: '100-150', houseTese: feature });
      await expect(page).toHaveURL(/price=100-150/);
      await expect(filterTitle(page, 1)).toContainText('100-150万');
      await expect(houseItems(page).first().or(page.getByTestId('house-list-empty'))).toBeVisible();
    });

    test('scroll to the second page and open a detail', async ({ page }) => {
      await startAs(page, who);
      await page.goto('/house/list');
      await expect(houseItems(page)).toHaveCount(8);
      const second = page.waitForRequest((r) => r.url().includes('/api/index/get-house-list') && r.url().includes('page=2'));
      await scrollToEnd(page);
      await second;
      await expect.poll(() => houseItems(page).count()).toBeGreaterThan(8);

      const item = houseItems(page).nth(9);
      const id = await item.getAttribute('data-house-id');
      await item.getByTestId('house-item-name').click();
      await expect(page).toHaveURL(new RegExp(`/house/detail/${id}$`));
    });
  });
}

test.describe('signed-in fields of the list', () => {
  test('the broker sees protection and commission on list items', async ({ page }) => {
    await startAs(page, 'broker');
    await page.goto('/house/list');
    await expect(houseItems(page)).toHaveCount(8);
    await expect(page.getByTestId('house-item-protect').first()).toContainText(messages.houseList.reportProtect);
    await expect(page.getByTestId('house-item-protect').first()).toContainText(messages.houseList.takeLookProtect);
    expect(await page.getByTestId('house-item-commission').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('house-item-commission').first()).toContainText(/%/);
  });

  test('a visitor sees neither', async ({ page }) => {
    await page.goto('/house/list');
    await expect(houseItems(page)).toHaveCount(8);
    await expect(page.getByTestId('house-item-extra')).toHaveCount(0);
    await expect(page.getByText(messages.houseList.reportProtect)).toHaveCount(0);
  });
});

test.describe('lists in trouble', () => {
  test('a failed list shows the error state and retries on tap', async ({ page }) => {
    let fail = true;
    await page.route('**/api/index/get-house-list*', (route) =>
      fail ? route.fulfill({ status: 500, json: { code: 500, type: 500, msg: '服务器繁忙', message: '服务器繁忙', data: null } }) : route.continue(),
    );
    await page.goto('/house/list');
    await expect(page.getByTestId('house-list-error')).toContainText(messages.houseList.loadError);
    await expect(latestToast(page)).toContainText('服务器繁忙');
    fail = false;
    await page.getByTestId('house-list-error').click();
    await expect(houseItems(page)).toHaveCount(8);
  });

  test('a failed index shows the error state and retries on tap', async ({ page }) => {
    let fail = true;
    await page.route('**/api/index/get-index-data*', (route) =>
      fail ? route.fulfill({ status: 500, json: { code: 500, type: 500, msg: '服务器繁忙', message: '服务器繁忙', data: null } }) : route.continue(),
    );
    // The page carries the default city's index data (decision 033): without it the app asks.
    await page.route('**/home', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script id="baobei-start" type="application\/json">([^<]*)<\/script>/, (_, json: string) => {
        const { index: _index, ...rest } = JSON.parse(json) as Record<string, unknown>;
        return `<script id="baobei-start" type="application/json">${JSON.stringify(rest).replace(/</g, '\\u003c')}</script>`;
      });
      await route.fulfill({ response, body });
    });
    await page.goto('/home');
    await expect(page.getByTestId('home-error')).toContainText(messages.index.loadFailed);
    fail = false;
    await page.getByTestId('home-error').click();
    await expect(page.getByTestId('home-banner').first()).toBeVisible();
  });
});

test.describe("the server's first screen", () => {
  test('draws the brand and the first banner where the app draws them, and gives way to the app', async ({ browser, page }) => {
    // Before any script: the layer the server wrote.
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    const before = await still.newPage();
    await before.goto('/home');
    const layer = before.locator('#first-screen');
    await expect(layer).toHaveAttribute('aria-hidden', 'true');
    await expect(layer.locator('.fs-title')).toHaveText(/\S/);
    const shellBanner = layer.locator('.fs-banner img');
    await expect.poll(() => shellBanner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shellBox = await shellBanner.boundingBox();
    const shellSrc = await shellBanner.getAttribute('src');
    await still.close();

    // With the app: the same picture in the same box, and the layer gone, with no request for the index data.
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/index/get-index-data')) indexRequests.push(request.url());
    });
    await page.goto('/home');
    const banner = page.getByTestId('home-banner').first().locator('img');
    await expect(banner).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    expect(await banner.getAttribute('src')).toBe(shellSrc);
    const appBox = await page.getByTestId('home-banners').boundingBox();
    expect(appBox).toEqual(shellBox);
    expect(indexRequests).toEqual([]);
  });

  test('leaves at once on another tab of home', async ({ page }) => {
    await page.goto('/home?active=my');
    await expect(page.getByTestId('home-tab-my')).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
  });
});

test.describe('coming back to the index', () => {
  test('restores the scroll position after a detail page', async ({ page }) => {
    await page.goto('/home');
    const lastColumn = page.getByTestId('home-column').last();
    await expect(lastColumn).toBeVisible();
    await lastColumn.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(200);

    await lastColumn.getByTestId('home-card').first().click();
    await expect(page).toHaveURL(/\/house\/detail\/\d+/);
    await page.goBack();
    await expect(page).toHaveURL(/\/home/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
  });
});

test.describe('locating the city', () => {
  test.use({ geolocation: { latitude: 18.2528, longitude: 109.5119 }, permissions: ['geolocation'] });

  test('offers the located city and switches on confirm', async ({ page }) => {
    await page.goto('/home');
    await expect(dialog(page)).toContainText('定位到您当前所在城市为三亚，是否切换？');
    await page.locator('.adm-dialog-footer').getByRole('button', { name: messages.index.locateSwitch, exact: true }).click();
    await expect(page.getByTestId('home-city')).toContainText('三亚');
    await expect(page.getByTestId('home-column').filter({ hasText: '三亚度假置业' })).toBeVisible();
    // Stored: a reload neither asks again nor forgets it.
    await page.reload();
    await expect(page.getByTestId('home-city')).toContainText('三亚');
    await expect(page.locator('.adm-dialog-body')).toHaveCount(0);
  });

  test("a failed lookup says 'locate failed' and offers the city page", async ({ page }) => {
    await page.route('**/api/index/get-city-by-location*', (route) =>
      route.fulfill({ status: 500, json: { code: 500, type: 500, msg: '服务器繁忙', message: '服务器繁忙', data: null } }),
    );
    await page.goto('/home');
    await expect(dialog(page)).toContainText(messages.index.locateFailed);
    await page.locator('.adm-dialog-footer').getByRole('button', { name: messages.index.goChooseCity, exact: true }).click();
    await expect(page).toHaveURL(/\/select\/city$/);
    await expect(page.getByTestId('city-current')).toContainText('海口');
  });

  test('declining opens the city selection and Haikou stays', async ({ page }) => {
    await page.goto('/home');
    await expect(dialog(page)).toContainText('三亚');
    await page.locator('.adm-dialog-footer').getByRole('button', { name: messages.index.locateStay, exact: true }).click();
    await expect(page).toHaveURL(/\/select\/city$/);
    await page.goBack();
    await expect(page.getByTestId('home-city')).toContainText('海口');
    // Once per session: no second question.
    await page.reload();
    await expect(page.getByTestId('home-banner').first()).toBeVisible();
    await expect(page.locator('.adm-dialog-body')).toHaveCount(0);
  });
});

test.describe('pages of the my tab', () => {
  test('a visitor reaches the calculator, about and the agreement; help asks to log in', async ({ page }) => {
    await page.goto('/home?active=my');
    await page.getByTestId('my-link-calculator').click();
    await expect(page).toHaveURL(/\/calculator$/);
    // No calculator page configured: the built-in one (100万, 30年, 3.5%).
    await expect(page.getByTestId('calc-monthly')).toHaveText('4,490.45');
    await page.getByTestId('calc-years').locator('input').fill('20');
    await page.getByText(messages.calculator.equalPrincipal).click();
    await page.getByTestId('calc-submit').click();
    await expect(page.getByTestId('calc-result')).toContainText(messages.calculator.monthlyDecrease);
    await page.getByTestId('calc-years').locator('input').fill('40');
    await page.getByTestId('calc-submit').click();
    await expect(page.getByText(messages.calculator.yearsInvalid)).toBeVisible();

    await page.goto('/home?active=my');
    await page.getByTestId('my-link-aboutUs').click();
    await expect(page).toHaveURL(/\/aboutUs$/);
    await expect(page.getByTestId('about-brand')).toContainText('海口新房报备');
    await expect(page.getByTestId('about-kef-phone')).toHaveAttribute('href', /^tel:/);
    await page.getByTestId('about-agreement').click();
    await expect(page).toHaveURL(/\/user\/agreement$/);
    await expect(page.getByTestId('agreement')).toContainText(agreementMessages.sections[0]!.title);

    await page.goto('/home?active=my');
    await page.getByTestId('my-link-help').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhelp/);
  });

  test('the broker sends feedback; empty content is refused first', async ({ page }) => {
    await startAs(page, 'broker');
    await page.goto('/home?active=my');
    await page.getByTestId('my-link-help').click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByTestId('help-faq')).toContainText(messages.help.faq[0]!.q);
    await page.getByTestId('help-submit').click();
    await expect(page.getByText(messages.feedback.contentRequired)).toBeVisible();

    const sent = page.waitForResponse((r) => r.url().includes('/api/user/add-gbook'));
    await page.getByTestId('help-content').locator('textarea').fill('希望列表可以按开盘时间排序');
    await page.getByTestId('help-submit').click();
    expect((await sent).ok()).toBeTruthy();
    await expect(page.getByText(messages.help.success)).toBeVisible();
    await expect(page).toHaveURL(/\/home\?active=my/);
  });

  test('route planning explains location first and links to AMap', async ({ page }) => {
    await page.goto(`/house/navigation?type=car&point=110.3312,20.0311&title=${encodeURIComponent('海口湾一号')}`);
    await expect(page.getByTestId('route-location-hint')).toContainText(messages.routePlan.locationHint);
    await expect(page.getByTestId('route-destination')).toContainText('海口湾一号');
    await expect(page.getByTestId('route-open-car')).toHaveAttribute(
      'href',
      `https://uri.amap.com/navigation?to=110.3312,20.0311,${encodeURIComponent('海口湾一号')}&mode=car&callnative=1`,
    );
    await page.goto('/house/navigation');
    await expect(page.getByTestId('route-no-point')).toContainText(messages.routePlan.noPoint);
  });
});

test.describe('locating the city with the permission refused', () => {
  test.use({ permissions: [] });

  test("a refused geolocation says 'locate failed, choose the city manually'", async ({ page }) => {
    await page.goto('/home');
    await expect(dialog(page)).toContainText(messages.index.locateFailed);
    await shot(page, 'home-locate-denied');
    await page.locator('.adm-dialog-footer').getByRole('button', { name: messages.index.goChooseCity, exact: true }).click();
    await expect(page).toHaveURL(/\/select\/city$/);
    await expect(page.getByTestId('city-current')).toContainText('海口');
    // Once per session: no second dialog.
    await page.goto('/home');
    await expect(page.getByTestId('home-banner').first()).toBeVisible();
    await expect(page.locator('.adm-dialog-body')).toHaveCount(0);
  });
});
