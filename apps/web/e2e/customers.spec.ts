import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { privacyNoticeMessages } from '@baobei/shared/messages/privacy-notice';
import { privacyPolicyMessages } from '@baobei/shared/messages/privacy-policy';
import { DEFAULT_PICTURE_RETENTION_MONTHS, DEFAULT_RETENTION_MONTHS } from '@baobei/shared/rules/retention';
import { expect, test, apiSignIn, dialog, shot, signInWithPassword, swipeLeft } from './support';

interface Customer {
  id: number;
  name: string;
  phone: string;
}

/** A 1×1 PNG: the server checks uploads by content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function rows(page: Page) {
  return page.getByTestId('customer-row');
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('customer-search').locator('input').fill(keyword);
}

test.describe('customer management', () => {
  test('a broker lists, searches, adds and deletes customers', async ({ page, request }) => {
    const token = await apiSignIn(request, '13800000003');
    const res = await request.post('/api/record/get-customer-list', { headers: { authorization: token }, data: {} });
    expect(res.ok()).toBeTruthy();
    const groups = (await res.json()).data as { anchor: string; list: Customer[] }[];
    const seeded = groups.flatMap((g) => g.list);
    expect(seeded.length).toBeGreaterThan(1);
    const first = seeded[0]!;

    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/customer/list');

    // Grouped under the server's anchors.
    await expect(rows(page)).toHaveCount(seeded.length);
    await expect(page.locator('.adm-index-bar-anchor-title')).toHaveText(groups.map((g) => g.anchor));

    // Part of a name, then phone digits, then nonsense.
    await search(page, first.name.slice(-1));
    await expect(rows(page).filter({ hasText: first.name }).first()).toBeVisible();
    await search(page, first.phone.slice(-4));
    await expect(rows(page).filter({ hasText: first.phone })).toHaveCount(1);
    await search(page, 'zzzz-无此客户');
    await expect(page.getByTestId('customer-empty')).toContainText(messages.customerList.searchEmpty);
    await search(page, '');
    await expect(rows(page)).toHaveCount(seeded.length);

    // Add through the dialog: a rule first, then a one-character name gets 先生.
    await page.getByTestId('customer-add').click();
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByText(messages.customer.nameRequired)).toBeVisible();
    await page.getByTestId('customer-form-name').locator('input').fill('钱');
    await page.getByTestId('customer-form-sex').getByText(messages.customerList.sexMale).click();
    await page.getByTestId('customer-form-phone').locator('input').fill('1590000');
    await page.getByTestId('customer-form-submit').click();
    await expect(dialog(page)).toContainText(messages.customer.phoneFormatContent);
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await page.getByTestId('customer-form-phone').locator('input').fill('15900001234');
    await page.getByTestId('customer-form-pics').locator('input[type=file]').setInputFiles({
      name: 'id.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const thumb = page.getByTestId('customer-form-pics').locator('.adm-image-uploader-cell img');
    await expect(thumb).toHaveCount(1);
    // A customer's proof is private: shown through its short-lived signed URL (decision 018), and it loads.
    await expect(thumb).toHaveAttribute('src', /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?exp=\d+&sig=/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    // 个人信息告知 (decision 095): what, why and how long, and the company's 隐私政策 over the dialog.
    const notice = page.getByTestId('customer-form-notice');
    await expect(notice).toContainText(
      privacyNoticeMessages.notice.replace('{months}', String(DEFAULT_RETENTION_MONTHS)).replace('{pictureMonths}', String(DEFAULT_PICTURE_RETENTION_MONTHS)),
    );
    await notice.getByTestId('customer-form-notice-policy').click();
    await expect(page.getByTestId('privacy-policy')).toContainText(privacyPolicyMessages.sections[2].title);
    await shot(page, 'customer-privacy-policy');
    await page.getByRole('button', { name: privacyNoticeMessages.close }).click();
    await expect(page.getByTestId('privacy-policy')).toBeHidden();
    // A picture needs the customer's separate consent, confirmed here; the server asks again.
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByText(messages.customer.picConsentRequired)).toBeVisible();
    await page.getByTestId('customer-form-pic-consent').click();
    await shot(page, 'customer-pic-consent');
    await page.getByTestId('customer-form-submit').click();
    const added = rows(page).filter({ hasText: '钱先生' });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('15900001234');
    await expect(rows(page)).toHaveCount(seeded.length + 1);

    // Delete by swiping the row left and tapping the revealed 删除.
    const row = added;
    await expect(page.locator('.adm-popup-body')).toBeHidden();
    const actions = page.locator('.adm-swipe-action').filter({ has: row });
    // A swipe that lands while the list re-renders after the add is lost; swipe again then.
    await expect(async () => {
      await swipeLeft(page, row);
      await expect(actions.getByRole('button', { name: messages.customerList.call })).toBeInViewport({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await actions.getByRole('button', { name: messages.customerList.remove }).click();
    // The spec's text, its line break shown as one (white-space: pre-line).
    const confirmText = page.locator('.adm-dialog-content');
    await expect(confirmText).toHaveText(messages.customerList.removeConfirm('钱先生'));
    expect(await confirmText.innerText()).toContain('\n');
    await page.locator('.adm-dialog-footer').getByText(messages.common.confirm).click();
    await expect(page.getByText(messages.recordServer.customerRemoved)).toBeVisible();
    await expect(rows(page).filter({ hasText: '钱先生' })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(seeded.length);
  });

  test('a channel user gets the no-permission alert', async ({ page }) => {
    await signInWithPassword(page, '13800000004');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/customer/list');
    await expect(dialog(page)).toContainText(messages.common.noPermission);
  });
});
