import { type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { detailActionLabel } from '@baobei/shared/rules/record-view';
import { expect, test, confirmDialog, dialogTitled, signInWithPassword, toastSaying } from './support';

const recordText = messages.recordTrack;

/** The report list's row buttons and its tap-to-retry error state. */

async function signIn(page: Page, phone: string) {
  await signInWithPassword(page, phone);
  await expect(page).toHaveURL(/\/home/);
}


test.describe('report list rows', () => {
  test('an auditor marks 未到访 and 已到访 from the list; each row refreshes in place', async ({ page }) => {
    await signIn(page, '13800000006');
    await page.goto('/record/list?status=RECORDCOMPLETE');
    const rows = page.getByTestId('record-item');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(rows.first().getByTestId('record-row-menu')).toHaveText(recordText.actionAudit);
    // A hidden number is never offered for dialling (decision 019).
    for (const row of await rows.all()) {
      const phone = (await row.locator('header').innerText()).trim();
      if (phone.includes('*')) await expect(row.getByTestId('record-row-dial')).toHaveCount(0);
    }

    const first = rows.nth(0);
    const firstId = await first.getAttribute('data-id');
    await first.getByTestId('record-row-unvisit').click();
    await expect(dialogTitled(page, recordText.markConfirmTitle)).toContainText(recordText.markConfirm);
    await confirmDialog(page, recordText.markConfirmTitle);
    await expect(toastSaying(page, recordText.rowUpdated)).toBeVisible();
    const changed = page.locator(`[data-testid="record-item"][data-id="${firstId}"]`);
    await expect(changed).toHaveAttribute('data-status', 'UNVISIT');
    await expect(changed.getByTestId('record-status')).toContainText('未到访');
    // The row's buttons follow its new status, by the detail's rules: no more marking.
    await expect(changed.getByTestId('record-row-menu')).toHaveText(detailActionLabel('AUDITOR', 'UNVISIT'));
    await expect(changed.getByTestId('record-row-visit')).toHaveCount(0);
    await expect(page).toHaveURL(/\/record\/list\?status=RECORDCOMPLETE/);
    // The row stays where it was; the others are untouched.
    await expect(rows).toHaveCount(count);

    const second = page.locator('[data-testid="record-item"][data-status="RECORDCOMPLETE"]').first();
    const secondId = await second.getAttribute('data-id');
    expect(secondId).not.toBe(firstId);
    await second.getByTestId('record-row-visit').click();
    await page.locator('.adm-picker-header-button').getByText(messages.common.confirm).click();
    await expect(dialogTitled(page, recordText.markConfirmTitle).getByTestId('record-mark-visit-time')).toBeVisible();
    await confirmDialog(page, recordText.markConfirmTitle);
    await expect(toastSaying(page, recordText.rowUpdated)).toBeVisible();
    const visited = page.locator(`[data-testid="record-item"][data-id="${secondId}"]`);
    await expect(visited).toHaveAttribute('data-status', 'VISIT');
    await expect(visited.getByTestId('record-status')).toContainText('已到访');
    await expect(rows).toHaveCount(count);

    // 审核 opens the audit page, as the detail's action does.
    await rows.first().getByTestId('record-row-menu').click();
    await expect(page).toHaveURL(new RegExp(`/record/audit/${firstId}$`));
  });

  test('a broker dials from the row and gets no 审核', async ({ page }) => {
    await signIn(page, '13800000003');
    await page.goto('/record/list');
    const row = page.getByTestId('record-item').first();
    await expect(row).toBeVisible();
    await expect(row.getByTestId('record-row-dial')).toHaveAttribute('href', /^tel:1\d{10}$/);
    await expect(page.getByTestId('record-row-menu')).toHaveCount(0);
    await expect(page.getByTestId('record-row-visit')).toHaveCount(0);
  });

  test('a channel manager gets 报备单操作 and no 拨打', async ({ page }) => {
    await signIn(page, '13800000005');
    await page.goto('/record/list');
    const row = page.getByTestId('record-item').first();
    await expect(row.getByTestId('record-row-menu')).toHaveText(recordText.actionChannel);
    await expect(page.getByTestId('record-row-dial')).toHaveCount(0);
    const id = await row.getAttribute('data-id');
    await row.getByTestId('record-row-menu').click();
    await expect(page).toHaveURL(new RegExp(`/record/detail/${id}$`));
  });

  test('a failed list offers 点我重新获取, and a tap loads it', async ({ page }) => {
    await signIn(page, '13800000006');
    let fail = true;
    await page.route('**/api/record/get-record-list**', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, type: 500, msg: '', message: '', data: null }) })
        : route.continue(),
    );
    await page.goto('/record/list');
    const error = page.getByTestId('record-list-error');
    await expect(error).toContainText(recordText.listLoadError);
    await expect(error).toContainText('点我重新获取');
    fail = false;
    await error.click();
    await expect(page.getByTestId('record-item').first()).toBeVisible();
  });
});
