import { messages } from '@baobei/shared/messages';
import { expect, test, apiSignIn, captchaAnswer, dialog, lastSmsCode, signInWithPassword } from './support';

test.describe('branding', () => {
  test('each host gets its own brand', async ({ page, secondBaseURL }) => {
    await page.goto('/home');
    await expect(page).toHaveTitle(/海口新房报备/);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
    );

    const second = secondBaseURL;
    await page.goto(`${second}/home`);
    await expect(page).toHaveTitle(/三亚置业报备/);
    const otherPrimary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
    );
    expect(otherPrimary).not.toBe(primary);
  });

  test('the brand and init data come with the page: no start-up request for them', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/index\/get-(company|common-init-config)/.test(request.url())) asked.push(request.url());
    });
    await page.goto('/home');
    await expect(page).toHaveTitle(/海口新房报备/);
    await expect(page.getByTestId('home-index')).toBeVisible();
    expect(asked).toEqual([]);
    // Read once, then gone from the document.
    expect(await page.locator('#baobei-start').count()).toBe(0);
  });

  test('a failed company lookup replaces the app with the spec message', async ({ page }) => {
    // A page without the start data (the built index.html), so the app asks, and the ask fails.
    await page.route('**/home', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script id="baobei-start"[^>]*>[^<]*<\/script>/, '');
      await route.fulfill({ response, body });
    });
    await page.route('**/api/index/get-company*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/home');
    await expect(page.getByTestId('company-load-failed')).toContainText(messages.common.companyLoadFailed);
  });
});

test.describe('sign-in', () => {
  test('password login as the broker 13800000003', async ({ page }) => {
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/home?active=my');
    await expect(page.getByTestId('my-user')).toContainText('13800000003');
  });

  test('the login page checks phone and password in order', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(messages.login.phoneRequired)).toBeVisible();
    await page.getByTestId('login-phone').fill('1380000');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(messages.login.phoneInvalid)).toBeVisible();
    await page.getByTestId('login-phone').fill('13800000003');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText(messages.login.passwordRequired)).toBeVisible();
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await signInWithPassword(page, '13800000004', 'wrong-password');
    await expect(dialog(page)).toContainText(messages.login.loginFailedTitle);
    await expect(dialog(page)).toContainText(messages.login.wrongPassword);
    await expect(page).toHaveURL(/\/login/);
  });

  test('code login with the picture code and the SMS code', async ({ page, request }) => {
    const phone = '13800000002';
    await page.goto('/login');
    await page.getByTestId('login-mode-code').click();
    await page.getByTestId('login-phone').fill(phone);

    const picture = page.waitForResponse((r) => r.url().includes('/api/login/verify-code'));
    await page.getByTestId('login-get-code').click();
    await expect(page.getByTestId('picture-code-popup')).toBeVisible();
    await expect(page.getByTestId('picture-code-popup')).toContainText(messages.login.machineVerification);
    const { sn } = (await (await picture).json()).data;
    await page.getByTestId('picture-code-input').fill(await captchaAnswer(request, sn));
    await page.getByTestId('picture-code-confirm').click();

    await expect(page.getByText(messages.login.smsSent)).toBeVisible();
    await expect(page.getByTestId('login-get-code')).toContainText(/\d+秒后重新获取/);
    await expect(page.getByTestId('login-get-code')).toBeDisabled();

    await page.getByTestId('login-sms-code').fill(await lastSmsCode(request, phone));
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/home?active=my');
    await expect(page.getByTestId('my-user')).toContainText(phone);
  });

  test('logout returns to login and protected pages ask for login again', async ({ page }) => {
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/home?active=my');
    await page.getByTestId('my-logout').click();
    // The my tab always asks first (退出登录?): wait for the dialog instead of clicking only if it is already up.
    await expect(page.locator('.adm-dialog-body')).toContainText(messages.login.logoutConfirm);
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/change/password');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('sessions and permissions', () => {
  test('an expired token on a protected page shows the login-expired dialog and returns to login', async ({
    page,
    request,
  }) => {
    const phone = '13800000005';
    await signInWithPassword(page, phone);
    await expect(page).toHaveURL(/\/home/);

    // Another device changes the password twice: this browser's session is ended.
    const token = await apiSignIn(request, phone);
    for (const [oldPassword, password] of [
      ['123456', 'temp-pass-1'],
      ['temp-pass-1', '123456'],
    ]) {
      const res = await request.post('/api/user/change-password', {
        headers: { authorization: token },
        data: { oldPassword, password, passwordMore: password },
      });
      expect(res.ok()).toBeTruthy();
    }

    await page.goto('/change/password');
    await expect(dialog(page)).toContainText(messages.common.loginExpired);
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a broker opening the audit page gets the no-permission alert and goes home', async ({ page }) => {
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/record/audit/1');
    await expect(dialog(page)).toContainText(messages.common.noPermission);
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(page).toHaveURL(/\/home/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-page')).toContainText(messages.common.pageNotFound);
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/home/);
  });
});

test.describe('passwords', () => {
  test('change password checks the rules in order and succeeds', async ({ page }) => {
    await signInWithPassword(page, '13800000021');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/change/password');
    const submit = page.getByTestId('change-password-submit');
    await submit.click();
    await expect(page.getByText(messages.changePassword.oldRequired)).toBeVisible();
    await page.getByTestId('change-old-password').fill('123456');
    await page.getByTestId('change-new-password').fill('123456');
    await page.getByTestId('change-confirm-password').fill('123456');
    await submit.click();
    await expect(page.getByText(messages.changePassword.sameAsOld)).toBeVisible();
    await page.getByTestId('change-new-password').fill('abc12345');
    await page.getByTestId('change-confirm-password').fill('abc12346');
    await submit.click();
    await expect(page.getByText(messages.changePassword.mismatch)).toBeVisible();
    await page.getByTestId('change-confirm-password').fill('abc12345');
    await submit.click();
    await expect(page.getByText(messages.changePassword.success)).toBeVisible();
  });
});
