import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { adminRecordMessages } from '@baobei/shared/messages/admin';
import { addDays } from '@baobei/shared/rules/channel-dashboard';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { DashboardOverview } from '@baobei/shared/schemas/dashboard';
import { expect, test, fullPhoneListing, PASSWORD, reportOverApi, shot } from './support';

/**
 * 数据驾驶舱 (issue 31, docs/decisions/087) at 1440x900, on the journey's own copy of the demo
 * company: a broker reports a customer now; the operator opens 数据驾驶舱 for the last 90 days and
 * sees the figures the API answers (the new report counted), the funnel, the rankings and the
 * auditors; the funnel's 到访 step opens 报备管理 with the same period and 阶段, holding exactly as
 * many reports as the step says; choosing a distributor ranks its own shops.
 */
const OPERATOR = '13800000009';
const BROKER = '13800000003';
const TOKEN_KEY = 'baobei.console.token';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
test.describe.configure({ timeout: 120_000 });

test('数据驾驶舱: figures as the API counts them, a funnel step opening its reports, a distributor’s own ranking', async ({ page, request }) => {
  const today = shanghaiDay(new Date());
  const from = addDays(today, -89);
  const sign = await request.post('/api/admin/auth/sign', { data: { phone: OPERATOR, password: PASSWORD } });
  expect(sign.ok(), await sign.text()).toBeTruthy();
  const token = (await sign.json()).data.token as string;
  const overviewOf = async (): Promise<DashboardOverview> => {
    const res = await request.get(`/api/admin/dashboard/overview?from=${from}&to=${today}`, { headers: { Authorization: token } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  };
  const before = await overviewOf();
  const listing = await fullPhoneListing(request);
  await reportOverApi(request, BROKER, listing.id, [{ name: '驾驶舱先生', phone: `1997766${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}` }]);
  const after = await overviewOf();
  // The kept counts move with the write, in its transaction.
  expect(after.funnel[0]!.n).toBe(before.funnel[0]!.n + 1);
  expect(after.totals.reported).toBe(before.totals.reported + 1);

  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto(`/admin/dashboard?from=${from}&to=${today}`);
  await expect(page.locator('.ant-page-header-heading-title')).toHaveText(text.menu);
  await expect(page.getByTestId('dashboard-scope')).toContainText(`全公司 · ${from} 至 ${today}`);
  const totals = page.getByTestId('dashboard-totals');
  await expect(totals).toContainText(`${text.totals.reported}${after.totals.reported}`);
  for (const step of after.funnel) await expect(page.getByTestId(`funnel-step-${step.key}`)).toHaveText(`${step.label} ${step.n}`);
  // The rankings and the auditors have rows from the demo data.
  const ranking = page.getByTestId('dashboard-ranking');
  await expect(ranking.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-auditors').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-dashboard-1440x900');

  // 到访 opens its reports: the same period as 自选时间, 阶段 已到访, as many as the step holds.
  const arrived = after.funnel.find((s) => s.key === 'arrived')!;
  expect(arrived.n).toBeGreaterThan(0);
  await page.getByTestId('funnel-step-arrived').click();
  await expect(page).toHaveURL(new RegExp(`/admin/records\\?dateFrom=${from}&dateTo=${today}&stage=arrived$`));
  await expect(page.locator('.ant-pagination-total-text')).toContainText(`共 ${arrived.n} 条报备`);
  await expect(page.getByRole('row').filter({ hasText: adminRecordMessages.status }).first()).toBeVisible();
  await shot(page, 'console-records-from-funnel-1440x900');

  // A distributor narrows everything to it: its own shops are ranked.
  await page.goto(`/admin/dashboard?from=${from}&to=${today}`);
  await page.locator('.ant-select').filter({ hasText: text.allDistributors }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const name = (await option.getAttribute('title')) ?? '';
  await option.click();
  await expect(page).toHaveURL(/distributorId=\d+/);
  await expect(page.getByTestId('dashboard-scope')).toContainText(name);
  await expect(ranking.locator('.ant-pro-card-title')).toHaveText(text.rankingOf(name));
  await expect(ranking.getByRole('tab', { name: '分销商' })).toHaveCount(0);
  await expect(ranking.getByRole('tab', { name: '门店', selected: true })).toBeVisible();

  // A broker's row narrows the page to that broker; 看全公司 goes back.
  await ranking.getByRole('tab', { name: '经纪人' }).click();
  const brokerRow = ranking.locator('tr.ant-table-row').first();
  const broker = (await brokerRow.locator('td').nth(1).innerText()).trim();
  await brokerRow.click();
  await expect(page).toHaveURL(/reporterId=\d+/);
  await expect(page).not.toHaveURL(/distributorId=/);
  await expect(page.getByTestId('dashboard-scope')).toContainText(broker);
  await page.getByTestId('dashboard-scope-clear').click();
  await expect(page.getByTestId('dashboard-scope')).toContainText('全公司');
});
