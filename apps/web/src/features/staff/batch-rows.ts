import { messages } from '@baobei/shared/messages';
import { validateStaffDraft, type StaffDraft } from '@baobei/shared/rules/staff';
import { staffBatchStateSchema } from '@baobei/shared/schemas/staff';

/** A row of /staff/batch/list: the recognised draft, and what the server said of it. */
export interface BatchRow {
  id: number;
  draft: StaffDraft;
  added: boolean;
  /** Why the server refused the row; '' before sending or once edited. */
  reason: string;
}

/**
 * The recognised rows the staff screen put in the history entry's state (part 2, section
 * 2.6: the batch screen "receives the recognised list as a param"); the state survives a
 * reload of the page. Anything else (opened directly, an old entry) is no rows.
 */
export function rowsFromState(state: unknown): BatchRow[] {
  const parsed = staffBatchStateSchema.safeParse(state);
  if (!parsed.success) return [];
  return parsed.data.rows.map((r, i) => ({
    id: i + 1,
    draft: { name: r.name, phone: r.phone, sex: r.sex === 2 ? 2 : 1, shopname: r.shopname },
    added: false,
    reason: '',
  }));
}

export interface BatchPlan {
  /** The message of each row not added: the server's refusal, else the shared rule's; null is ready. */
  problems: Map<number, string | null>;
  /** The rows 确认添加（N人） sends: not added, not refused, and passing the shared staff rule. */
  sendable: BatchRow[];
  /** Rows the server refused and nobody has edited since: shown with their reason, not resent. */
  refused: number;
}

/**
 * What the batch screen may send. A row the server refused keeps its reason
 * until it is edited (saving clears it), so it is never offered again as if new; a row the
 * shared rule fails (validateStaffDraft, or a phone repeated in an earlier row still to send,
 * named by its place on the screen) is shown with its message and not counted.
 */
export function planBatch(rows: readonly BatchRow[], actor: { distributorControl: boolean }): BatchPlan {
  const problems = new Map<number, string | null>();
  const sendable: BatchRow[] = [];
  const firstRowOf = new Map<string, number>();
  let refused = 0;
  rows.forEach((row, index) => {
    if (row.added) return;
    if (row.reason) {
      problems.set(row.id, row.reason);
      refused += 1;
      return;
    }
    let problem = validateStaffDraft(row.draft, actor);
    if (!problem) {
      const phone = row.draft.phone.trim();
      const earlier = firstRowOf.get(phone);
      if (earlier !== undefined) problem = messages.staff.batchDuplicateRow(earlier + 1);
      else firstRowOf.set(phone, index);
    }
    problems.set(row.id, problem);
    if (!problem) sendable.push(row);
  });
  return { problems, sendable, refused };
}
