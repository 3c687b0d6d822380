import { messages } from '@baobei/shared/messages';
import { adminAuditLogMessages as logText, adminFeedbackMessages as text } from '@baobei/shared/messages/admin';
import { expect, test, captchaAnswer, searchConsoleTable, openAs, PASSWORD, settledModal, trackPictureCode } from './support';

/**
 * 意见反馈 and 操作日志 (issue 16, items 5 and 6; decision 050) at 1440x900: a broker sends 意见反馈
 * from the mobile app (390x844), the operator of company localhost finds it in the inbox with who
 * sent it, marks it handled with a note, and the handling shows in 操作日志 with its changes.
 * Its own data: broker 13800000022 (孙丽), whom no other journey uses, and a message of its own.
 */
const OPERATOR = '13800000009';
const BROKER = '13800000022';
const CONTENT = '希望报备详情页能显示案场接待人的电话（控制台反馈旅程）';
const NOTE = '已电话回复，下个版本加上';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a broker’s feedback reaches the console inbox, is marked handled, and the handling is in the audit log', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const shots = process.env.SHOTS;

  // The broker's phone: 我的 → 帮助与反馈 → the message.
  const phone = await openAs(browser, BROKER);
  await phone.goto('/help');
  await phone.getByTestId('help-content').locator('textarea').fill(CONTENT);
  const sent = phone.waitForResponse((r) => r.url().includes('/api/user/add-gbook'));
  await phone.getByTestId('help-submit').click();
  expect((await sent).ok()).toBeTruthy();
  await expect(phone.getByText(messages.help.success)).toBeVisible();
  await phone.context().close();

  // The operator signs in to the console and opens 意见反馈: the menu counts the unhandled.
  const pictureSn = trackPictureCode(page);
  await page.goto('/admin/feedback');
  await expect(page).toHaveURL(/\/admin\/login\?from=/);
  await page.getByPlaceholder(messages.login.phonePlaceholder).fill(OPERATOR);
  await page.getByPlaceholder(messages.login.passwordPlaceholder).fill(PASSWORD);
  await page.getByPlaceholder(messages.login.pictureCodePlaceholder).fill(await captchaAnswer(request, await pictureSn()));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/feedback/);
  const badge = page.getByTestId('feedback-menu-badge');
  await expect(badge).toBeVisible();
  const title = (await badge.locator('sup').getAttribute('title')) ?? '';
  const pendingBefore = Number(title.replace(/\D/g, ''));
  expect(title).toBe(text.pendingBadge(pendingBefore));
  expect(pendingBefore).toBeGreaterThan(0);

  // 未处理 shows it first, with who sent it.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const row = rows.filter({ hasText: CONTENT });
  await expect(row).toHaveCount(1);
  await expect(rows.first()).toContainText(CONTENT);
  await expect(row).toContainText('孙丽');
  await expect(row).toContainText('业务员');
  await expect(row).toContainText(BROKER);
  await expect(row).toContainText('安居房产');
  await expect(row).toContainText(text.statusPending);

  // The keyword narrows to it (the broker's phone), and back.
  await searchConsoleTable(page.getByLabel(text.keyword), BROKER);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(CONTENT);
  if (shots) await page.screenshot({ path: `${shots}/feedback-inbox.png` });

  // 标记已处理 with a note.
  await row.getByRole('button', { name: text.handle }).click();
  const dialog = page.getByRole('dialog');
  await settledModal(page);
  await expect(dialog.getByTestId('feedback-handle-content')).toHaveText(CONTENT);
  await dialog.getByLabel(text.note).fill(NOTE);
  if (shots) await page.screenshot({ path: `${shots}/feedback-handle.png` });
  await dialog.getByRole('button', { name: text.handleOk }).click();
  await expect(page.getByText(text.handled)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Gone from 未处理; the badge counts one fewer.
  await expect(rows.filter({ hasText: CONTENT })).toHaveCount(0);
  if (pendingBefore > 1) await expect(badge.locator('sup')).toHaveAttribute('title', text.pendingBadge(pendingBefore - 1));
  else await expect(badge).toHaveCount(0);
  // 已处理 shows it with the handler and the note.
  await page.getByRole('tab', { name: text.statusHandled }).click();
  const handled = rows.filter({ hasText: CONTENT });
  await expect(handled).toHaveCount(1);
  await expect(handled).toContainText(text.statusHandled);
  await expect(handled).toContainText('梁运营');
  await expect(handled.getByTestId('feedback-note')).toContainText(NOTE);
  if (shots) await page.screenshot({ path: `${shots}/feedback-handled.png` });

  // 操作日志: the handling, newest first, filtered by its action; expanded, its changes.
  await page.getByRole('menu').first().getByText(logText.menu, { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log/);
  const logRows = page.locator('.ant-table-tbody tr.ant-table-row');
  // Newest first: other journeys and the server's jobs write rows too, so it is found by its object.
  await expect(logRows.first()).toBeVisible();
  await page.getByLabel(logText.action, { exact: true }).click();
  await page.keyboard.type('处理意见');
  await page.locator('.ant-select-item-option', { hasText: '处理意见反馈' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(logRows.first()).toContainText('处理意见反馈');
  const actions = await page.getByTestId('audit-log-action').allInnerTexts();
  expect(actions.every((a) => a === '处理意见反馈')).toBe(true);
  await expect(logRows.first()).toContainText('梁运营');
  await expect(logRows.first()).toContainText('运营管理员');
  await expect(logRows.first()).toContainText('意见反馈');
  await logRows.first().locator('.ant-table-row-expand-icon').click();
  const changes = page.getByTestId('audit-log-changes');
  await expect(changes).toContainText('处理备注');
  await expect(changes).toContainText(NOTE);
  await expect(changes).toContainText('已处理');
  await expect(changes).toContainText(logText.no);
  await expect(changes).toContainText(logText.yes);
  if (shots) await page.screenshot({ path: `${shots}/audit-log.png` });
});
