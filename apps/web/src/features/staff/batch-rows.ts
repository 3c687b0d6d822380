import type { StaffDraft } from '@baobei/shared/rules/staff';
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
