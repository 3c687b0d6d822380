import { messages } from '@baobei/shared/messages';
import { FOLLOW_UP_KIND_TEXT, INTENT_LEVEL_TEXT } from '@baobei/shared/rules/customer-page';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { expect, fullPhoneListings, openAs, reportOverApi, shot, signInWithPassword, test, toastSaying } from './support';

/**
 * A customer's page (issue 32, item 1; docs/decisions/088): a broker opens a customer from 客户管理,
 * logs a follow-up and a tag, sees the customer's two reports; their shop manager opens the same
 * page from 公司客户 and reads it, with nothing to change.
 */
const pageText = messages.customerPage;
const CUSTOMER = { name: '客页测试', phone: '16655550001' };
const NOTE = '微信发了户型图，客户周末来看';

test('a broker opens a customer, adds a follow-up and a tag, sees its two reports; the shop manager reads the page', async ({ page, request, browser }) => {
  const listings = await fullPhoneListings(request, 2);
  const reportIds = [
    ...(await reportOverApi(request, '13800000003', listings[0]!.id, [CUSTOMER])),
    ...(await reportOverApi(request, '13800000003', listings[1]!.id, [CUSTOMER])),
  ];
  expect(reportIds).toHaveLength(2);

  await signInWithPassword(page, '13800000003');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/customer/list');
  await page.getByTestId('customer-search').locator('input').fill(CUSTOMER.name);
  await page.getByTestId('customer-row').filter({ hasText: CUSTOMER.phone }).click();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  const customerPath = new URL(page.url()).pathname;

  await expect(page.getByTestId('customer-name')).toHaveText(CUSTOMER.name);
  await expect(page.getByTestId('customer-phone')).toHaveText(CUSTOMER.phone);
  await expect(page.getByTestId('customer-call')).toHaveAttribute('href', `tel:${CUSTOMER.phone}`);
  const reports = page.getByTestId('customer-report');
  await expect(reports).toHaveCount(2);
  for (const listing of listings) await expect(reports.filter({ hasText: listing.name })).toContainText(RECORD_STATUS_TEXT.RECORDSTART);
  await expect(page.getByTestId('customer-follow-ups')).toContainText(pageText.followUpEmpty);
  await shot(page, 'customer-page-owner', { fullPage: true });

  // 写跟进: 微信, a note, now.
  await page.getByTestId('follow-up-add').click();
  const followUpForm = page.getByTestId('follow-up-form');
  await followUpForm.getByTestId('follow-up-kind').getByText(FOLLOW_UP_KIND_TEXT.WECHAT, { exact: true }).click();
  // Without a note the shared rule answers first.
  await followUpForm.getByTestId('follow-up-submit').click();
  await expect(toastSaying(page, pageText.followUpNoteRequired)).toBeVisible();
  await followUpForm.getByTestId('follow-up-note-input').locator('textarea').first().fill(NOTE);
  await shot(page, 'customer-page-follow-up-form');
  await followUpForm.getByTestId('follow-up-submit').click();
  await expect(toastSaying(page, pageText.followUpAdded)).toBeVisible();
  const logged = page.getByTestId('customer-follow-ups');
  await expect(logged.getByTestId('follow-up-note')).toHaveText([NOTE]);
  await expect(logged).toContainText(FOLLOW_UP_KIND_TEXT.WECHAT);

  // 意向: 高 and a tag.
  await page.getByTestId('customer-intent-edit').click();
  const intentForm = page.getByTestId('intent-form');
  await intentForm.getByTestId('intent-level').getByText(INTENT_LEVEL_TEXT.HIGH, { exact: true }).click();
  await intentForm.getByTestId('intent-tag-input').locator('input').fill('学区房');
  await intentForm.getByTestId('intent-tag-add').click();
  await expect(intentForm.getByTestId('intent-form-tag')).toHaveText(['学区房 ×']);
  await intentForm.getByTestId('intent-save').click();
  await expect(toastSaying(page, pageText.intentSaved)).toBeVisible();
  await expect(page.getByTestId('customer-intent-tag')).toHaveText(['学区房']);
  await expect(page.getByTestId('customer-intent-level')).toHaveText(INTENT_LEVEL_TEXT.HIGH);
  await shot(page, 'customer-page-after', { fullPage: true });

  // A report opens its detail.
  await reports.filter({ hasText: listings[1]!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/record/detail/(${reportIds.join('|')})$`));

  // The shop manager: from 公司客户, the same page, read-only.
  const manager = await openAs(browser, '13800000002');
  await manager.goto('/customer/company');
  await manager.getByTestId('customer-search').locator('input').fill(CUSTOMER.name);
  await manager.getByTestId('customer-row').filter({ hasText: CUSTOMER.phone }).click();
  await expect(manager).toHaveURL(new RegExp(`${customerPath}$`));
  await expect(manager.getByTestId('customer-read-only')).toHaveText(pageText.readOnly);
  await expect(manager.getByTestId('customer-head')).toContainText(messages.customerList.owner('王小明'));
  await expect(manager.getByTestId('customer-report')).toHaveCount(2);
  await expect(manager.getByTestId('follow-up-note')).toHaveText([NOTE]);
  await expect(manager.getByTestId('customer-intent-tag')).toHaveText(['学区房']);
  for (const id of ['customer-edit', 'customer-intent-edit', 'follow-up-add']) await expect(manager.getByTestId(id)).toHaveCount(0);
  await shot(manager, 'customer-page-manager', { fullPage: true });
});
