import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import {
  addDays,
  ALERT_KINDS,
  isLowArrival,
  isSurge,
  lowArrivalWindow,
  rate,
  SHARED_PHONE_DISTRIBUTORS,
  SHARED_PHONE_HOURS,
  SURGE_BASE_DAYS,
  type AlertKind,
} from '@baobei/shared/rules/channel-dashboard';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { DashboardAlerts } from '@baobei/shared/schemas/dashboard';
import { NotFoundError } from '../../lib/errors';
import type { AlertRepository, AlertRow, NewAlert } from './alert-repository';
import { periodOf } from './channel-service';

const percent = (r: number | null) => (r === null ? '-' : `${(r * 100).toFixed(1)}%`);

/**
 * 数据驾驶舱's alerts (issue 31 item 5, docs/decisions/087): the job finds them from the kept
 * counts (and the last hours' reports for one phone among many distributors), the console lists
 * them with the reports behind each, dismisses one, and switches a kind off (it is then neither
 * found nor listed).
 */
export function createAlertService(deps: { alerts: AlertRepository; now?: () => Date }) {
  const { alerts } = deps;
  const clock = deps.now ?? (() => new Date());

  /** The alerts of one company as of `now`. */
  async function findFor(companyId: number, now: Date): Promise<NewAlert[]> {
    const off = await alerts.switchedOff(companyId);
    const today = shanghaiDay(now);
    const found: NewAlert[] = [];
    if (!off.has('surge')) {
      for (const d of await alerts.distributorDays(companyId, today, addDays(today, -SURGE_BASE_DAYS))) {
        if (!isSurge(d.today, d.before)) continue;
        found.push({
          companyId,
          kind: 'surge',
          subject: `d:${d.distributorId}`,
          distributorId: d.distributorId,
          phoneKey: null,
          day: today,
          figures: { today: d.today, mean: Number((d.before / SURGE_BASE_DAYS).toFixed(1)) },
        });
      }
    }
    if (!off.has('low_arrival')) {
      const window = lowArrivalWindow(today);
      const rows = await alerts.arrivals(companyId, window.from, window.to);
      const whole = rows.find((r) => r.dim === 'company');
      const companyRate = whole ? rate(whole.arrived, whole.reported) : null;
      for (const d of rows) {
        if (d.dim !== 'distributor' || !isLowArrival(d.reported, d.arrived, companyRate)) continue;
        found.push({
          companyId,
          kind: 'low_arrival',
          subject: `d:${d.id}`,
          distributorId: d.id,
          phoneKey: null,
          day: today,
          figures: { reported: d.reported, arrived: d.arrived, companyRate: companyRate ?? 0, from: window.from, to: window.to },
        });
      }
    }
    if (!off.has('shared_phone')) {
      const since = new Date(now.getTime() - SHARED_PHONE_HOURS * 3_600_000);
      for (const p of await alerts.sharedPhones(companyId, since, SHARED_PHONE_DISTRIBUTORS)) {
        found.push({
          companyId,
          kind: 'shared_phone',
          subject: `p:${p.phoneKey}`,
          distributorId: null,
          phoneKey: p.phoneKey,
          day: today,
          figures: { distributors: p.distributors, reports: p.reports, from: shanghaiDay(since), to: today },
        });
      }
    }
    return found;
  }

  /** The job's run: every company's alerts of now, kept. Answers how many it found. */
  async function run(): Promise<number> {
    const now = clock();
    let total = 0;
    for (const companyId of await alerts.companyIds()) {
      const found = await findFor(companyId, now);
      await alerts.upsert(found);
      total += found.length;
    }
    return total;
  }

  function describe(row: AlertRow, distributorName: string | null) {
    const f = row.figures;
    const name = distributorName ?? '';
    switch (row.kind) {
      case 'surge':
        return {
          text: text.alertSurge(name, Number(f.today), String(f.mean)),
          link: { dateFrom: row.day, dateTo: row.day, distributorId: row.distributorId! },
        };
      case 'low_arrival':
        return {
          text: text.alertLowArrival(name, percent(rate(Number(f.arrived), Number(f.reported))), percent(Number(f.companyRate)), Number(f.reported)),
          link: { dateFrom: String(f.from), dateTo: String(f.to), distributorId: row.distributorId! },
        };
      case 'shared_phone':
        return {
          text: text.alertSharedPhone(row.phoneKey ?? '', Number(f.distributors), Number(f.reports), SHARED_PHONE_HOURS),
          link: { dateFrom: String(f.from), dateTo: String(f.to), phoneKey: row.phoneKey ?? '' },
        };
    }
  }

  async function list(companyId: number, query: { from?: string | undefined; to?: string | undefined; dismissed?: boolean | undefined }): Promise<DashboardAlerts> {
    const period = periodOf(query, clock());
    const off = await alerts.switchedOff(companyId);
    const kinds = ALERT_KINDS.map((k) => k.key).filter((k) => !off.has(k));
    const rows = await alerts.list(companyId, period.from, period.to, kinds, query.dismissed ?? false);
    return {
      period,
      switches: ALERT_KINDS.map((k) => ({ kind: k.key, label: k.label, enabled: !off.has(k.key) })),
      list: rows.map(({ alert, distributorName }) => ({
        id: alert.id,
        kind: alert.kind,
        kindText: ALERT_KINDS.find((k) => k.key === alert.kind)!.label,
        day: alert.day,
        dismissed: alert.dismissedAt !== null,
        ...describe(alert, distributorName),
      })),
    };
  }

  async function setSwitch(companyId: number, actorId: number, kind: AlertKind, enabled: boolean) {
    await alerts.setSwitch(companyId, kind, enabled, actorId);
    return list(companyId, {});
  }

  async function dismiss(companyId: number, actorId: number, id: number) {
    if (!(await alerts.dismiss(companyId, id, actorId))) throw new NotFoundError(text.alertNotFound);
  }

  return { run, findFor, list, setSwitch, dismiss };
}

export type AlertService = ReturnType<typeof createAlertService>;
