import { isShopManager } from '@baobei/shared/rules/access';
import type { Staff, StaffGroup } from '@baobei/shared/schemas/staff';

/**
 * Part 2, section 4: a shop manager with staff is unbound only after the staff are moved to
 * another manager or unbound with them; anyone else after one confirm.
 */
export type UnbindPlan = 'confirm' | 'moveOrUnbindAll';

export function unbindPlan(staff: Staff): UnbindPlan {
  return isShopManager(staff.distributorStaffType) && staff.subordinates > 0 ? 'moveOrUnbindAll' : 'confirm';
}

/** The shop managers of the list who may take the leaving manager's staff. */
export function transferCandidates(groups: readonly StaffGroup[], leaving: Staff): { label: string; value: number }[] {
  return groups
    .flatMap((g) => g.list)
    .filter((s) => isShopManager(s.distributorStaffType) && s.uid !== leaving.uid)
    .map((s) => ({ label: s.shopname ? `${s.name}（${s.shopname}）` : s.name, value: s.uid }));
}

/** The report list of one staff member (part 2, section 2.5: the company list with name and id). */
export function staffRecordListPath(staff: Pick<Staff, 'name' | 'uid'>): string {
  return `/subDistributor/record/list?${new URLSearchParams({ name: staff.name, id: String(staff.uid) }).toString()}`;
}
