/** Part 2, section 4: report statuses and their labels. RECORDSTANDBY is shown as 处理中. */
export const RECORD_STATUSES = [
  'RECORDSTART',
  'RECORDSTANDBY',
  'RECORDCOMPLETE',
  'RECORDCLOSE',
  'UNVISIT',
  'VISIT',
  'MAKEBARGAIN',
  'MAKEBARGAINCOMPLETE',
  'MAKEBARGAINCLOSE',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const RECORD_STATUS_TEXT: Record<RecordStatus, string> = {
  RECORDSTART: '待处理',
  RECORDSTANDBY: '处理中',
  RECORDCOMPLETE: '已发开发商',
  RECORDCLOSE: '报备无效',
  UNVISIT: '未到访',
  VISIT: '已到访',
  MAKEBARGAIN: '成交',
  MAKEBARGAINCOMPLETE: '确认成交',
  MAKEBARGAINCLOSE: '成交关闭',
};

export const recordStatusList = (): { value: RecordStatus; text: string }[] =>
  RECORD_STATUSES.map((value) => ({ value, text: RECORD_STATUS_TEXT[value] }));

/**
 * Where each status stands in a report's life, the one table the status lists below come from
 * (the shared rules, the repositories' SQL, and a test holds the database's triggers to it):
 * - open: reported, waiting for the customer's arrival (part 2, section 4's first steps);
 * - visited: the customer came;
 * - deal: a deal (成交), or one confirmed (确认成交);
 * - closed: choosing one of these closes the report (part 2, section 4).
 * A new status does not compile until it has its category here.
 */
export const RECORD_STATUS_CATEGORY = {
  RECORDSTART: 'open',
  RECORDSTANDBY: 'open',
  RECORDCOMPLETE: 'open',
  UNVISIT: 'open',
  VISIT: 'visited',
  MAKEBARGAIN: 'deal',
  MAKEBARGAINCOMPLETE: 'deal',
  RECORDCLOSE: 'closed',
  MAKEBARGAINCLOSE: 'closed',
} as const satisfies Record<RecordStatus, 'open' | 'visited' | 'deal' | 'closed'>;
export type RecordStatusCategory = (typeof RECORD_STATUS_CATEGORY)[RecordStatus];

/** The statuses of `category`, in the order of RECORD_STATUSES. */
export const statusesOf = (category: RecordStatusCategory): readonly RecordStatus[] =>
  RECORD_STATUSES.filter((s) => RECORD_STATUS_CATEGORY[s] === category);

/** Part 2, section 4: choosing one of these closes the report. */
export const CLOSED_STATUSES = statusesOf('closed');

/** The statuses a deal is recorded in (decision 052): a deal, or a confirmed one. */
export const DEAL_STATUSES = statusesOf('deal');

/**
 * The statuses that leave an auditor nothing to do: closed, or the deal confirmed. The auditors'
 * open-report counts (auditor_open_report, migration 0010's triggers) count the others.
 */
export const SETTLED_STATUSES: readonly RecordStatus[] = [...CLOSED_STATUSES, 'MAKEBARGAINCOMPLETE'];

export function isClosedStatus(status: RecordStatus): boolean {
  return CLOSED_STATUSES.includes(status);
}

/**
 * Who moves a report: the auditors, the developer's on-site staff through the external list, or
 * the system (到访为王, docs/decisions/053: a confirmed arrival closes the customer's other open
 * reports of the listing in its own transaction).
 */
export type TransitionActor = 'AUDITOR' | 'AUDITORADMIN' | 'EXTERNAL' | 'SYSTEM';

/** The statuses of a report still waiting for its customer's arrival (到访为王 closes these). */
export const PRE_VISIT_STATUSES = statusesOf('open');

/**
 * The forward moves of a report (part 2, section 4). A pending report goes to processing,
 * sent to developer, or invalid; from sent to developer it is visited or not; a visit can
 * become a deal, and a deal is confirmed or closed.
 */
const FORWARD: Record<RecordStatus, readonly RecordStatus[]> = {
  RECORDSTART: ['RECORDSTANDBY', 'RECORDCOMPLETE', 'RECORDCLOSE'],
  RECORDSTANDBY: ['RECORDCOMPLETE', 'RECORDCLOSE'],
  RECORDCOMPLETE: ['UNVISIT', 'VISIT', 'RECORDCLOSE'],
  UNVISIT: ['VISIT', 'RECORDCLOSE'],
  VISIT: ['MAKEBARGAIN', 'RECORDCLOSE'],
  MAKEBARGAIN: ['MAKEBARGAINCOMPLETE', 'MAKEBARGAINCLOSE'],
  MAKEBARGAINCOMPLETE: ['MAKEBARGAINCLOSE'],
  RECORDCLOSE: [],
  MAKEBARGAINCLOSE: [],
};

/**
 * The company's transition settings. Decision 022: the assigned auditor confirms a deal
 * (the spec limits only closed reports to the auditor admin); a company that wants a second
 * pair of eyes on deals turns `dealConfirmByAdmin` on (company.deal_confirm_by_admin), and
 * then only the auditor admin confirms a deal or moves a confirmed one.
 */
export interface TransitionRules {
  dealConfirmByAdmin: boolean;
}

export const DEFAULT_TRANSITION_RULES: TransitionRules = { dealConfirmByAdmin: false };

/** A company's (or the initial config's) settings as the machine's rules. */
export function transitionRulesOf(settings: { dealConfirmByAdmin: boolean }): TransitionRules {
  return { dealConfirmByAdmin: settings.dealConfirmByAdmin };
}

/** The statuses `actor` may move a report in `from` to, in the order of RECORD_STATUSES. */
export function allowedTargets(from: RecordStatus, actor: TransitionActor, rules: TransitionRules): RecordStatus[] {
  if (actor === 'EXTERNAL') return from === 'RECORDCOMPLETE' ? ['VISIT'] : [];
  // The system only closes a report still waiting for the arrival another report won (到访为王).
  if (actor === 'SYSTEM') return PRE_VISIT_STATUSES.includes(from) ? ['RECORDCLOSE'] : [];
  if (isClosedStatus(from)) {
    // Part 2, section 4: a closed report changes further only by an AUDITORADMIN.
    return actor === 'AUDITORADMIN' ? RECORD_STATUSES.filter((s) => s !== from && s !== 'RECORDSTART') : [];
  }
  const adminOnly = rules.dealConfirmByAdmin && actor !== 'AUDITORADMIN';
  if (adminOnly && from === 'MAKEBARGAINCOMPLETE') return [];
  const forward = FORWARD[from].filter((to) => !(adminOnly && to === 'MAKEBARGAINCOMPLETE'));
  return RECORD_STATUSES.filter((s) => forward.includes(s));
}

export function canTransition(from: RecordStatus, to: RecordStatus, actor: TransitionActor, rules: TransitionRules): boolean {
  return allowedTargets(from, actor, rules).includes(to);
}

/** VISIT needs the actual visit time (part 2, section 5). */
export function transitionNeedsVisitTime(to: RecordStatus): boolean {
  return to === 'VISIT';
}

/**
 * 重新打开 (the console's auditor-admin action, docs/decisions/048): the open status a closed
 * report goes back to. `history` is the statuses the report reached, oldest first (its
 * record_approval rows); the status before the last close is the answer. 待处理 was never an
 * auditor's step and the machine never moves a closed report back to it, so a report closed
 * while pending reopens as 处理中; without such an entry, 成交关闭 reopens as 成交 and 报备无效
 * as 处理中. Null when the report is not closed.
 */
export function reopenTarget(current: RecordStatus, history: readonly RecordStatus[]): RecordStatus | null {
  if (!isClosedStatus(current)) return null;
  const lastClose = history.lastIndexOf(current);
  for (let i = (lastClose < 0 ? history.length : lastClose) - 1; i >= 0; i--) {
    const status = history[i]!;
    if (isClosedStatus(status)) continue;
    return status === 'RECORDSTART' ? 'RECORDSTANDBY' : status;
  }
  return current === 'MAKEBARGAINCLOSE' ? 'MAKEBARGAIN' : 'RECORDSTANDBY';
}
