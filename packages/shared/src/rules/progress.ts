import type { RecordStatus } from './record-status';
import { isDistributorRole } from './roles';

/**
 * Part 2, section 4, progress steps. Store roles (shop manager, clerk) see a shorter bar
 * whose middle steps collapse into 已发开发商.
 */
export const FULL_PROGRESS_STEPS = ['处理中', '已报备', '未到访', '已到访', '成交', '确认成交'] as const;
export const STORE_PROGRESS_STEPS = ['处理中', '已发开发商', '成交', '确认成交'] as const;

const FULL_INDEX: Partial<Record<RecordStatus, number>> = {
  RECORDSTANDBY: 0,
  RECORDCOMPLETE: 1,
  UNVISIT: 2,
  VISIT: 3,
  MAKEBARGAIN: 4,
  MAKEBARGAINCOMPLETE: 5,
};

const STORE_INDEX: Partial<Record<RecordStatus, number>> = {
  RECORDSTANDBY: 0,
  RECORDCOMPLETE: 1,
  UNVISIT: 1,
  VISIT: 1,
  MAKEBARGAIN: 2,
  MAKEBARGAINCOMPLETE: 3,
};

export function isStoreRole(staffType: string): boolean {
  return isDistributorRole(staffType);
}

export function progressSteps(staffType: string): readonly string[] {
  return isStoreRole(staffType) ? STORE_PROGRESS_STEPS : FULL_PROGRESS_STEPS;
}

/** The current step, or null when the bar is hidden (RECORDSTART, RECORDCLOSE, MAKEBARGAINCLOSE). */
export function progressStepIndex(status: RecordStatus, staffType: string): number | null {
  return (isStoreRole(staffType) ? STORE_INDEX : FULL_INDEX)[status] ?? null;
}
