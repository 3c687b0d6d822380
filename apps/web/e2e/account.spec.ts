import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
// The journey starts the API tests' fake WeChat; a test harness, not app code, crosses here.
// eslint-disable-next-line no-restricted-imports
import { startFakeWechat, type FakeWechat } from '../../server/src/test/fake-wechat';
import { expect, test, dialogTitled, lastSmsCode, openPhone, pickOption, toastSaying } from './support';

const profileText = messages.profile;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** These journeys edit accounts of their own copy of the second demo company (三亚置业报备, `secondBaseURL`). */

async function signInOnSecond(page: Page, origin: string, phone: string) {
  await page.goto(`${origin}/login`);
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-password').fill('123456');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home/);
  return origin;
}

/** Another device of the same account, over the API of the second company. */
async function apiTokenOnSecond(request: APIRequestContext, origin: string, phone: string): Promise<string> {
  const res = await request.post(`${origin}/api/login/sign`, { data: { username: phone, password: '123456' } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

const unique = () => String(Date.now()).slice(-6);

test.describe('personal info (/user/info)', () => {
  test('a visitor is sent to login', async ({ page }) => {
    await page.goto('/user/info');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Finfo/);
  });

  test('edit name and resume, choose gender, change the avatar', async ({ page, secondBaseURL }) => {
    const origin = await signInOnSecond(page, secondBaseURL, '13900000003');
    await page.goto(`${origin}/home?active=my`);
    await page.getByTestId('my-user').click();
    await expect(page).toHaveURL(/\/user\/info$/);
    await expect(page.getByTestId('user-info-phone')).toHaveText('13900000003');
    await expect(page.getByTestId('user-info-company')).not.toHaveText('');
    // Any avatar picture is cropped to its circle.
    const avatarCircle = page.getByTestId('user-info-avatar');
    expect(await avatarCircle.evaluate((el) => getComputedStyle(el).overflow)).toBe('hidden');
    expect(await avatarCircle.locator('img').evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');

    // Name: required, and a new one is saved and shown.
    const name = `王${unique()}`;
    await page.getByTestId('user-info-name').click();
    await expect(page).toHaveURL(/\/user\/info\/set\/name$/);
    await page.getByTestId('user-info-set-input').fill('');
    await page.getByTestId('user-info-set-save').click();
    await expect(toastSaying(page, profileText.nameRequired)).toBeVisible();
    await page.getByTestId('user-info-set-input').fill(name);
    await page.getByTestId('user-info-set-save').click();
    await expect(page).toHaveURL(/\/user\/info$/);
    await expect(page.getByTestId('user-info-name')).toHaveText(name);

    // An unchanged value just goes back, without asking the server.
    let sent = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/user/update-info')) sent = true;
    });
    await page.getByTestId('user-info-name').click();
    await expect(page.getByTestId('user-info-set-input')).toHaveValue(name);
    await page.getByTestId('user-info-set-save').click();
    await expect(page).toHaveURL(/\/user\/info$/);
    expect(sent).toBe(false);

    // Resume: free text.
    const resume = `专注海口新房${unique()}，欢迎咨询`;
    await page.getByTestId('user-info-resume').click();
    await page.getByTestId('user-info-set-textarea').locator('textarea').fill(resume);
    await page.getByTestId('user-info-set-save').click();
    await expect(page).toHaveURL(/\/user\/info$/);
    await expect(page.getByTestId('user-info-resume')).toHaveText(resume);

    // Gender: confidential, male, female.
    await page.getByTestId('user-info-sex').click();
    const next = (await page.getByTestId('user-info-sex').textContent()) === profileText.sexFemale ? profileText.sexMale : profileText.sexFemale;
    await pickOption(page, next);
    await expect(toastSaying(page, profileText.saved)).toBeVisible();
    await expect(page.getByTestId('user-info-sex')).toHaveText(next);

    // Avatar: a picked picture is uploaded and becomes the avatar.
    await page.getByTestId('user-info-avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('user-info-avatar').locator('img')).toHaveAttribute('src', /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    // A file that is not a picture is refused before upload.
    await page.getByTestId('user-info-avatar-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toastSaying(page, messages.upload.notImage)).toBeVisible();

    // All of it came from the server: a fresh load shows the same.
    const avatar = await page.getByTestId('user-info-avatar').locator('img').getAttribute('src');
    await page.reload();
    await expect(page.getByTestId('user-info-name')).toHaveText(name);
    await expect(page.getByTestId('user-info-resume')).toHaveText(resume);
    await expect(page.getByTestId('user-info-sex')).toHaveText(next);
    await expect(page.getByTestId('user-info-avatar').locator('img')).toHaveAttribute('src', avatar!);
    await page.goto(`${origin}/home?active=my`);
    await expect(page.getByTestId('my-user')).toContainText(name);
  });

  test('change the phone with the SMS code sent to the new number', async ({ page, secondBaseURL, request }) => {
    const original = '13900000004';
    const fresh = `1396${unique()}0`;
    const origin = await signInOnSecond(page, secondBaseURL, original);
    await page.goto(`${origin}/user/info/set/phone`);
    await expect(page.getByTestId('user-info-set-current')).toHaveText(original);

    // The rules: phone required, valid, and the code.
    await page.getByTestId('user-info-set-save').click();
    await expect(toastSaying(page, profileText.phoneRequired)).toBeVisible();
    await page.getByTestId('user-info-set-input').fill('139');
    await page.getByTestId('user-info-set-get-code').click();
    await expect(toastSaying(page, profileText.phoneInvalid)).toBeVisible();
    await page.getByTestId('user-info-set-input').fill(fresh);
    await page.getByTestId('user-info-set-save').click();
    await expect(toastSaying(page, profileText.phoneCodeRequired)).toBeVisible();

    await page.getByTestId('user-info-set-get-code').click();
    await expect(page.getByTestId('user-info-set-get-code')).toHaveText(/秒后重新获取/);
    const code = await lastSmsCode(request, fresh, origin);

    // A wrong code is refused with the server's reason.
    await page.getByTestId('user-info-set-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('user-info-set-save').click();
    await expect(dialogTitled(page, profileText.failedTitle)).toContainText(messages.login.smsCodeWrong);
    await dialogTitled(page, profileText.failedTitle).getByText('确定').click();

    await page.getByTestId('user-info-set-code').fill(code);
    await page.getByTestId('user-info-set-save').click();
    await expect(toastSaying(page, profileText.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/info$/);
    await expect(page.getByTestId('user-info-phone')).toHaveText(fresh);

    // The new number signs in; the old one no longer does. Then put the number back.
    const token = await apiTokenOnSecond(request, origin, fresh);
    expect((await request.post(`${origin}/api/login/sign`, { data: { username: original, password: '123456' } })).status()).toBe(400);
    const headers = { authorization: token };
    expect((await request.post(`${origin}/api/user/get-phone-code`, { data: { phone: original }, headers })).ok()).toBeTruthy();
    const back = await lastSmsCode(request, original, origin);
    expect((await request.post(`${origin}/api/user/update-info`, { data: { phone: original, code: back }, headers })).ok()).toBeTruthy();
  });

  test('an item other than name, phone or resume does not exist', async ({ page, secondBaseURL }) => {
    const origin = await signInOnSecond(page, secondBaseURL, '13900000003');
    for (const type of ['avatar', 'company', 'anything']) {
      await page.goto(`${origin}/user/info/set/${type}`);
      await expect(page.getByTestId('user-info-set-unknown')).toContainText(profileText.itemNotFound);
      await expect(page.getByTestId('user-info-set-save')).toHaveCount(0);
    }
  });
});

test.describe('the account part of the my tab', () => {
  test('update permissions re-reads the initial config', async ({ page, secondBaseURL, request }) => {
    const origin = await signInOnSecond(page, secondBaseURL, '13900000002');
    await page.goto(`${origin}/home?active=my`);
    await expect(page.getByTestId('my-user')).toBeVisible();

    // Another device renames the account; this one sees it after 更新权限.
    const name = `李${unique()}`;
    const token = await apiTokenOnSecond(request, origin, '13900000002');
    const renamed = await request.post(`${origin}/api/user/update-info`, { data: { name }, headers: { authorization: token } });
    expect(renamed.ok()).toBeTruthy();
    await expect(page.getByTestId('my-user')).not.toContainText(name);

    const reload = page.waitForResponse((r) => r.url().includes('/api/index/get-init-config') && r.status() === 200);
    await page.getByTestId('my-update-permission').click();
    await reload;
    await expect(toastSaying(page, profileText.updatePermissionSuccess)).toBeVisible();
    await expect(page.getByTestId('my-user')).toContainText(name);
  });

  test('a failed update says 更新权限失败', async ({ page, secondBaseURL }) => {
    const origin = await signInOnSecond(page, secondBaseURL, '13900000002');
    await page.goto(`${origin}/home?active=my`);
    // The start-up's own init call is done before the failure is staged.
    await expect(page.getByTestId('my-user')).toBeVisible();
    await page.route('**/api/index/get-init-config', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.getByTestId('my-update-permission').click();
    await expect(dialogTitled(page, profileText.updatePermissionFailedTitle)).toContainText(profileText.updatePermissionFailed);
  });

  test('my channel contacts: shop managers and brokers only', async ({ page, secondBaseURL, browser }) => {
    const origin = await signInOnSecond(page, secondBaseURL, '13900000002');
    await page.goto(`${origin}/home?active=my`);
    await page.getByTestId('my-channel-contacts').click();
    await expect(page.getByTestId('channel-contacts-list').locator('.adm-list-item')).not.toHaveCount(0);
    await expect(page.getByTestId('channel-contacts-list').locator('a[href^="tel:"]').first()).toBeVisible();

    // A channel account and an auditor, each on a phone of its own.
    for (const phone of ['13900000004', '13900000006']) {
      const other = await openPhone(browser);
      await signInOnSecond(other, secondBaseURL, phone);
      await other.goto(`${origin}/home?active=my`);
      await expect(other.getByTestId('my-user')).toContainText(phone);
      await expect(other.getByTestId('my-channel-contacts')).toHaveCount(0);
      await expect(other.getByTestId('my-update-permission')).toBeVisible();
      await other.context().close();
    }
  });

  test('outside WeChat, binding and the authorization page say to open WeChat', async ({ page, secondBaseURL }) => {
    const origin = await signInOnSecond(page, secondBaseURL, '13900000005');
    await page.goto(`${origin}/home?active=my`);
    await expect(page.getByTestId('my-wechat-bind')).toContainText(messages.wechat.bind);
    await page.getByTestId('my-wechat-bind').click();
    await expect(page.locator('.adm-dialog-body')).toContainText(messages.common.openInWechat);
    await page.locator('.adm-dialog-footer').getByText('确定').click();

    await page.goto(`${origin}/authorization`);
    await expect(page.getByTestId('authorization-message')).toHaveText(messages.common.openInWechat);
    await expect(page.getByTestId('authorization-authorize')).toHaveCount(0);
    await page.getByTestId('authorization-cancel').click();
    await expect(page).toHaveURL(/\/home/);
  });
});

/**
 * The whole WeChat flow in WeChat's browser: a fake WeChat on 127.0.0.1 and a server of our
 * own configured for it (the shared journey server has no WeChat credentials), on a data
 * directory of its own.
 */
test.describe('WeChat sign-in and binding inside WeChat', () => {
  const WECHAT_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN';
  test.use({ userAgent: WECHAT_UA });
  // One worker runs these in order: they share the server started below (one port).
  test.describe.configure({ mode: 'default' });

  let fake: FakeWechat;
  let server: ChildProcess;
  let origin = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    fake = await startFakeWechat();
    const port = Number(process.env.E2E_PORT) + 700;
    origin = `http://localhost:${port}`;
    server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: path.join(ROOT, '.tmp', `e2e-data-wechat-${Date.now()}`),
        EXPOSE_DEV_SMS: '1',
        LOG_LEVEL: 'warn',
        WECHAT_APP_ID: fake.appId,
        WECHAT_APP_SECRET: fake.secret,
        WECHAT_API_BASE: fake.base,
        WECHAT_OPEN_BASE: fake.base,
      },
    });
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 120_000, intervals: [500] })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await fake?.close();
  });

  async function authorizeOnPage(page: Page) {
    await expect(page).toHaveURL(/\/authorization/);
    await page.getByTestId('authorization-authorize').click();
  }

  test('bind from the my tab, sign in with WeChat, unbind; an unbound WeChat is sent to phone login', async ({ page }) => {
    await page.goto(`${origin}/login`);
    await page.getByTestId('login-phone').fill('13800000003');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/home/);

    // Bind: my tab → authorization page → WeChat → back, bound.
    await page.goto(`${origin}/home?active=my`);
    await page.getByTestId('my-wechat-bind').click();
    await authorizeOnPage(page);
    await expect(page).toHaveURL(/\/home\?active=my$/);
    await expect(toastSaying(page, messages.wechat.bindSuccess)).toBeVisible();
    await expect(page.getByTestId('my-wechat-unbind')).toContainText(messages.wechat.bound);

    // Sign out, then in again with WeChat from the login page.
    await page.getByTestId('my-logout').click();
    await page.locator('.adm-dialog-footer').getByText('确定').click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByTestId('login-wechat').click();
    await expect(page.getByTestId('authorization-authorize')).toHaveText(messages.wechat.authorizeLogin);
    await authorizeOnPage(page);
    await expect(page).toHaveURL(/\/home/);
    await page.goto(`${origin}/home?active=my`);
    await expect(page.getByTestId('my-user')).toContainText('13800000003');

    // Unbind: asked first, then unbound.
    await page.getByTestId('my-wechat-unbind').click();
    await expect(page.locator('.adm-dialog-body')).toContainText(messages.wechat.unbindConfirm);
    await page.locator('.adm-dialog-footer').getByText('确定').click();
    await expect(toastSaying(page, messages.wechat.unbindSuccess)).toBeVisible();
    await expect(page.getByTestId('my-wechat-bind')).toContainText(messages.wechat.unbound);

    // Now this WeChat signs nobody in: the page says so and offers phone login.
    await page.getByTestId('my-logout').click();
    await page.locator('.adm-dialog-footer').getByText('确定').click();
    await page.getByTestId('login-wechat').click();
    await authorizeOnPage(page);
    await expect(page.getByTestId('authorization-not-bound')).toHaveText(messages.wechat.notBound);
    await page.getByTestId('authorization-phone-login').click();
    await expect(page).toHaveURL(/\/login/);
  });
});
