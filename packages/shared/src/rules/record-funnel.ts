import { RECORD_STATUSES, type RecordStatus } from './record-status';

/**
 * The statistics funnel (docs/decisions/012): how far the reports of a period got
 * on the path 报备 → 处理中 → 已发开发商 → 已到访 → 成交 → 确认成交. The stages are
 * cumulative: a report counts in its furthest stage and in every stage before it, so each
 * stage holds at most as many reports as the one before.
 *
 * Only the current status is read (no history), so each status stands for the furthest
 * stage it proves:
 * - RECORDSTART (待处理) and RECORDCLOSE (报备无效): 报备 only. An invalid report may have
 *   been closed at any step before a deal; it is counted only where it certainly was.
 * - RECORDSTANDBY: 处理中. RECORDCOMPLETE and UNVISIT (sent, not visited): 已发开发商.
 * - VISIT: 已到访. MAKEBARGAIN and MAKEBARGAINCLOSE (a deal, later closed): 成交.
 * - MAKEBARGAINCOMPLETE: 确认成交.
 * A report sent straight from 待处理 to 已发开发商 still counts in 处理中: the stage reads
 * "taken up by the auditor", which it was.
 */
export const FUNNEL_STAGE_KEYS = ['reported', 'processing', 'sent', 'visited', 'deal', 'confirmed'] as const;
export type FunnelStage = (typeof FUNNEL_STAGE_KEYS)[number];

export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  reported: '报备',
  processing: '处理中',
  sent: '已发开发商',
  visited: '已到访',
  deal: '成交',
  confirmed: '确认成交',
};

/** A count per stage: reported ≥ processing ≥ sent ≥ visited ≥ deal ≥ confirmed. */
export type FunnelCounts = Record<FunnelStage, number>;

/** The index in FUNNEL_STAGES of the furthest stage a report in this status has reached. */
const STAGE_REACHED: Record<RecordStatus, number> = {
  RECORDSTART: 0,
  RECORDCLOSE: 0,
  RECORDSTANDBY: 1,
  RECORDCOMPLETE: 2,
  UNVISIT: 2,
  VISIT: 3,
  MAKEBARGAIN: 4,
  MAKEBARGAINCLOSE: 4,
  MAKEBARGAINCOMPLETE: 5,
};

/** The furthest stage a report in `status` has reached. */
export function funnelStageOf(status: RecordStatus): FunnelStage {
  return FUNNEL_STAGE_KEYS[STAGE_REACHED[status]]!;
}

/** The statuses that count in `stage` (that stage or a later one), in the order of RECORD_STATUSES. */
export function statusesReaching(stage: FunnelStage): RecordStatus[] {
  const index = FUNNEL_STAGE_KEYS.indexOf(stage);
  return RECORD_STATUSES.filter((s) => STAGE_REACHED[s] >= index);
}

export function emptyFunnel(): FunnelCounts {
  return { reported: 0, processing: 0, sent: 0, visited: 0, deal: 0, confirmed: 0 };
}

/** Adds `n` reports in `status` to a funnel (in place) and returns it. */
export function addToFunnel(funnel: FunnelCounts, status: RecordStatus, n: number): FunnelCounts {
  const reached = STAGE_REACHED[status];
  for (let i = 0; i <= reached; i++) funnel[FUNNEL_STAGE_KEYS[i]!] += n;
  return funnel;
}

/** The funnel of a count per status (statuses absent count 0). */
export function recordFunnel(counts: Iterable<readonly [RecordStatus, number]>): FunnelCounts {
  const funnel = emptyFunnel();
  for (const [status, n] of counts) addToFunnel(funnel, status, n);
  return funnel;
}

/** A stage's share of the reports as a fraction (3 of 8: 0.375); 0 when there are none. */
export function funnelShare(n: number, reported: number): number {
  return reported <= 0 ? 0 : n / reported;
}

/** A stage's share of the reports, as the funnel shows it: '42.9%'; '0%' when there are none. */
export function funnelRate(n: number, reported: number): string {
  return `${Math.round(funnelShare(n, reported) * 1000) / 10}%`;
}
