import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { messages } from '@baobei/shared/messages';
import { presetRange } from '@baobei/shared/rules/date-presets';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import { expect, test, apiSignIn, apiSignInUser, dialog, fullPhoneListing, reportOverApi, shot, signInWithPassword } from './support';

/**
 * Statistics (docs/decisions/012): the shop manager's 本月 numbers move by exactly
 * the reports and the share visit made in the test, and each number opens the reports it counts.
 */

function freshPhone(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Today in Shanghai, 'YYYY-MM-DD'. */
function shanghaiToday(): string {
  return shanghaiDay(new Date());
}

/** The report total of 本月 as the API gives it to `phone`. */
async function monthTotal(request: APIRequestContext, phone: string): Promise<number> {
  const token = await apiSignIn(request, phone);
  const res = await request.post('/api/record/get-record-statics', { headers: { Authorization: token }, data: { dateType: 4 } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.total as number;
}

const numberOf = async (cell: Locator) => Number((await cell.textContent())?.trim());
/** A table row's number in column `index` (0 is the name). */
const column = (row: Locator, index: number) => row.locator(':scope > span').nth(index);

/** The statistics page of 本月, loaded. */
async function openMonth(page: Page) {
  await page.goto('/subDistributor/statistics?dateType=4');
  const today = shanghaiToday();
  const first = `${today.slice(0, 8)}01`;
  await expect(page.getByTestId('statistics-range')).toHaveText(messages.statistics.periodRange(first, today));
  await expect(page.getByTestId('statistics-period').locator('.adm-tabs-tab-active')).toHaveText('本月');
  await expect(page.getByTestId('statistics-total')).toBeVisible();
}

/** The row of one staff member (or listing) in a detail table: its reported count, 0 when absent. */
async function detailCount(page: Page, type: string, key: number, index = 1): Promise<number> {
  await page.goto(`/subDistributor/statistics/detail/${type}?dateType=4`);
  const table = page.getByTestId(`statistics-detail-${type}`);
  await expect(table.locator(`[data-testid="statistics-${type}"], [data-testid="statistics-${type}-empty"]`).first()).toBeVisible();
  const row = table.getByTestId(`statistics-${type}-row-${key}`);
  return (await row.count()) ? numberOf(column(row, index)) : 0;
}

test.describe('statistics', () => {
  test('本月 counts the reports and the share visit made now, for the shop and for the whole distributor only', async ({ page, request }) => {
    const broker = await apiSignInUser(request, '13800000003');
    const listing = await fullPhoneListing(request);
    const generalBefore = await monthTotal(request, '13800000001');
    const otherDistributorBefore = await monthTotal(request, '13800000011');

    await signInWithPassword(page, '13800000002');
    await expect(page).toHaveURL(/\/home/);
    await openMonth(page);
    const totalBefore = await numberOf(page.getByTestId('statistics-total').locator('span').nth(1));
    const pendingBefore = await numberOf(page.getByTestId('statistics-status-RECORDSTART').locator('span').first());
    const reportedBefore = await numberOf(column(page.getByTestId('statistics-funnel-reported'), 1));
    expect(reportedBefore).toBe(totalBefore);
    const brokerBefore = await detailCount(page, 'staff', broker.uid);
    const listingBefore = await detailCount(page, 'house', listing.id);
    const visitsBefore = await detailCount(page, 'share-user', broker.uid);

    // Two reports of the shop's broker, one of another distributor's broker, one visit of the broker's share.
    const names = ['统计甲', '统计乙'];
    await reportOverApi(request, '13800000003', listing.id, [
      { name: names[0]!, phone: freshPhone('166') },
      { name: names[1]!, phone: freshPhone('166') },
    ]);
    await reportOverApi(request, '13800000008', listing.id, [{ name: '统计丙', phone: freshPhone('167') }]);
    const visit = await request.post('/api/user/add-share-to-shar', {
      data: { openid: `e2e-stat-${Date.now()}`, shareUser: broker.uid, houseid: listing.id },
    });
    expect(visit.ok(), await visit.text()).toBeTruthy();

    await openMonth(page);
    await expect(page.getByTestId('statistics-total').locator('span').nth(1)).toHaveText(String(totalBefore + 2));
    await expect(page.getByTestId('statistics-status-RECORDSTART').locator('span').first()).toHaveText(String(pendingBefore + 2));
    await expect(column(page.getByTestId('statistics-funnel-reported'), 1)).toHaveText(String(totalBefore + 2));
    await expect(page.getByTestId('statistics-trend-chart')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('statistics-funnel-chart')).toHaveAttribute('data-ready', 'true');
    expect(await detailCount(page, 'staff', broker.uid)).toBe(brokerBefore + 2);
    expect(await detailCount(page, 'house', listing.id)).toBe(listingBefore + 2);
    expect(await detailCount(page, 'share-user', broker.uid)).toBe(visitsBefore + 1);

    // The general account counts the shop's two; the other distributor's general account its one.
    expect(await monthTotal(request, '13800000001')).toBe(generalBefore + 2);
    expect(await monthTotal(request, '13800000011')).toBe(otherDistributorBefore + 1);

    // A status number opens the company list on that status and period, with the same count.
    await openMonth(page);
    await page.getByTestId('statistics-status-RECORDSTART').click();
    await expect(page).toHaveURL(/\/subDistributor\/record\/list\?status=RECORDSTART&time=4$/);
    await expect(page.getByTestId('record-tabs').locator('.adm-tabs-tab-active')).toHaveText(`待处理 (${pendingBefore + 2})`);
    for (const name of names) await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText('统计丙')).toHaveCount(0);

    // A staff row opens that broker's reports of the period.
    await page.goto('/subDistributor/statistics/detail/staff?dateType=4');
    await page.getByTestId(`statistics-staff-row-${broker.uid}`).click();
    await expect(page).toHaveURL(new RegExp(`/subDistributor/record/list\\?name=.+&id=${broker.uid}&time=4$`));
    await expect(page.locator('.adm-nav-bar-title')).toHaveText(broker.name);
    await expect(page.getByTestId('record-tabs').locator('.adm-tabs-tab').first()).toHaveText(`全部 (${brokerBefore + 2})`);
  });

  test('the other presets, the detail pages and who may open them', async ({ page }) => {
    await signInWithPassword(page, '13800000001');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/subDistributor/statistics');
    // Opens on 本月; 上个月 becomes 自选时间 in the list, over the days the statistics counted.
    await expect(page.getByTestId('statistics-period').locator('.adm-tabs-tab-active')).toHaveText('本月');
    await page.getByTestId('statistics-period').getByText('上个月', { exact: true }).click();
    await expect(page).toHaveURL(/dateType=5/);
    // The days of 上个月 by the shared preset table (end exclusive), once the answer is in.
    const last = presetRange(5)!;
    const range = [shanghaiDay(last.start), shanghaiDay(new Date(last.end.getTime() - 86_400_000))];
    await expect(page.getByTestId('statistics-range')).toHaveText(messages.statistics.periodRange(range[0]!, range[1]!));
    await page.getByTestId('statistics-total').click();
    await expect(page).toHaveURL(new RegExp(`time=99&from=${range[0]}&to=${range[1]}$`));
    await page.goBack();
    await expect(page).toHaveURL(/dateType=5/);

    await page.getByTestId('statistics-period').getByText('不限', { exact: true }).click();
    await expect(page.getByTestId('statistics-range')).toHaveText(messages.statistics.periodAll);
    await page.getByTestId('statistics-more-share-house').click();
    await expect(page).toHaveURL(/\/subDistributor\/statistics\/detail\/share-house\?dateType=0$/);
    await expect(page.locator('.adm-nav-bar-title')).toHaveText(messages.statistics.detailTitles['share-house']);
    await expect(page.getByTestId('statistics-share-house').locator('button').first()).toBeVisible();

    await page.goto('/subDistributor/statistics/detail/nothing');
    await expect(page.getByTestId('statistics-detail-unknown')).toContainText(messages.statistics.unknownType);
  });

  test('渠道分析 (issue 31): the shop manager’s own funnel, leakage and brokers as the API counts them; the channel manager’s page from the 报备 tab', async ({ page, request, browser }) => {
    const manager = await apiSignIn(request, '13800000002');
    const period = { from: shanghaiDay(presetRange(6)!.start), to: shanghaiToday() };
    const apiOverview = async () => {
      const res = await request.post('/api/record/get-channel-overview', { headers: { Authorization: manager }, data: period });
      expect(res.ok(), await res.text()).toBeTruthy();
      return (await res.json()).data as { funnel: { key: string; n: number }[]; totals: { reported: number } };
    };
    const before = await apiOverview();
    const listing = await fullPhoneListing(request);
    await reportOverApi(request, '13800000003', listing.id, [{ name: '渠道甲', phone: freshPhone('166') }]);
    const after = await apiOverview();
    expect(after.funnel[0]!.n).toBe(before.funnel[0]!.n + 1);

    await signInWithPassword(page, '13800000002');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/subDistributor/statistics?dateType=6');
    const overview = page.getByTestId('channel-overview');
    await overview.scrollIntoViewIfNeeded();
    for (const step of after.funnel) await expect(overview.getByTestId(`channel-funnel-${step.key}`).locator(':scope > span').nth(2)).toHaveText(String(step.n));
    await expect(overview.getByTestId('channel-figure-reported')).toContainText(String(after.totals.reported));
    await expect(page.getByTestId('channel-leakage')).toBeVisible();
    // A shop manager ranks their brokers: the broker who just reported is among them.
    const ranking = page.getByTestId('channel-ranking-reporter');
    await ranking.scrollIntoViewIfNeeded();
    await expect(ranking).toContainText('王小明');
    await shot(page, 'phone-statistics-channel-390x844');

    // CHANNELJINGLI: 数据统计 in the 报备 tab, the distributors they look after ranked.
    const channel = await browser.newPage({ baseURL: new URL(page.url()).origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInWithPassword(channel, '13800000005');
    await expect(channel).toHaveURL(/\/home/);
    await channel.goto('/home?active=fky');
    await channel.getByText('数据统计', { exact: true }).click();
    await expect(channel).toHaveURL(/\/channel\/statistics/);
    await expect(channel.getByTestId('channel-ranking-distributor').locator('li').nth(1)).toBeVisible();
    await shot(channel, 'phone-channel-statistics-390x844');
    await channel.close();
  });

  test('a broker may not open statistics', async ({ page }) => {
    await signInWithPassword(page, '13800000003');
    await expect(page).toHaveURL(/\/home/);
    await page.goto('/subDistributor/statistics');
    await expect(dialog(page)).toContainText(messages.common.noPermission);
  });
});
