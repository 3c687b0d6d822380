import { messages } from '@baobei/shared/messages';
import { adminHomeContentMessages as text, adminHomeMessages, adminPictureMessages } from '@baobei/shared/messages/admin';
import { expect, test, captchaAnswer, PASSWORD, trackPictureCode } from './support';

/**
 * 首页内容 (issue 15, item 5; decision 042) at a desktop viewport: the demo operator of company
 * localhost signs in with the picture code, adds a banner for 海口 (the default city) linking to
 * a page, moves it to the front, and the mobile home page (390x844) shows it first on its next
 * load; a save on the version read before is refused with the reload hint.
 */
const OPERATOR = '13800000009';
const TITLE = '控制台新增轮播';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('an operator adds a banner for a city in the console and the mobile home page shows it', async ({ page, request, browser, baseURL }) => {
  const pictureSn = trackPictureCode(page);
  // A picture the app already serves, unlike any banner: the first listing card's.
  const before = (await (await request.get('/api/index/get-index-data')).json()).data as {
    city: { text: string };
    banners: { image: string; title: string }[];
    columns: { list: { logo: string }[] }[];
  };
  expect(before.city.text).toBe('海口');
  const image = before.columns[0]!.list[0]!.logo;
  expect(before.banners.map((b) => b.image)).not.toContain(image);

  await page.goto('/admin/home-content');
  await expect(page).toHaveURL(/\/admin\/login\?from=/);
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(OPERATOR);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(PASSWORD);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(await captchaAnswer(request, await pictureSn()));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/home-content/);
  await expect(page.getByRole('menu').first().getByText(text.menu, { exact: true })).toBeVisible();

  // The city selector shows the default city; the table is its banners in the app's order.
  await expect(page.getByTestId('home-city-select')).toContainText('海口');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText(before.banners[0]!.title);
  const count = await rows.count();
  expect(count).toBe(before.banners.length);

  // The form's own checks, then a banner for 海口 opening the listing list.
  await page.getByRole('button', { name: text.add(text.tabBanner) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText(adminHomeMessages.imageRequired)).toBeVisible();
  await dialog.getByPlaceholder(adminPictureMessages.placeholder).fill(image);
  await dialog.getByLabel(text.title).fill(TITLE);
  await dialog.getByText(text.linkPage, { exact: true }).click();
  await dialog.getByLabel(text.linkPageLabel).fill('/house/list');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminHomeMessages.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(count + 1);
  await expect(rows.last()).toContainText(TITLE);
  await expect(rows.last()).toContainText(text.live);

  // Moved to the front with 上移.
  for (let at = count; at > 0; at -= 1) {
    await rows.nth(at).getByRole('button', { name: text.up }).click();
    await expect(rows.nth(at - 1)).toContainText(TITLE);
  }

  // A second tab edits on the version it read before another save: the reload hint.
  const other = await page.context().newPage();
  await other.goto('/admin/home-content');
  const otherRows = other.locator('.ant-table-tbody tr.ant-table-row');
  // A page's first load in a new tab (its chunks, two calls) can be slow on a busy machine.
  await expect(otherRows.first()).toContainText(TITLE, { timeout: 30_000 });
  await rows.first().getByText(text.editAction, { exact: true }).click();
  await dialog.getByLabel(text.title).fill(`${TITLE}（改）`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(adminHomeMessages.saved)).toBeVisible();
  await otherRows.first().getByText(text.editAction, { exact: true }).click();
  await other.getByRole('dialog').getByLabel(text.title).fill('旧版本的修改');
  await other.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();
  await expect(other.getByRole('dialog').getByText(text.conflict)).toBeVisible();
  await other.close();

  // The mobile app, on its next load: the new banner first on the home page.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', geolocation: { latitude: 20.044, longitude: 110.1999 }, permissions: ['geolocation'] });
  const mobile = await phone.newPage();
  await mobile.goto('/home');
  await expect(mobile.getByTestId('home-city')).toContainText('海口');
  const first = mobile.getByTestId('home-banner').first();
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('aria-label', `${TITLE}（改）`);
  await expect(first.locator('img')).toHaveAttribute('src', image);
  if (process.env.SHOTS) {
    await mobile.screenshot({ path: `${process.env.SHOTS}/console-home-mobile.png` });
    await page.screenshot({ path: `${process.env.SHOTS}/console-home-banners.png` });
  }
  await phone.close();
});
