import { DRAFT_TTL_MS } from '@baobei/shared/rules/record-submit';
import { create } from 'zustand';
import { secureStorage, STORAGE_KEYS } from './secure-storage';

/**
 * Where the one report draft lives (part 1, section 4): in memory and, encrypted, in storage
 * until DRAFT_TTL_MS after its last save. The slot knows only which form owns the draft and
 * when it was saved, so home's '恢复报备' prompt can offer it back; what a draft holds is the
 * report form's (lib/report-draft.ts).
 */
export interface DraftSlotEntry {
  /** The form that owns the draft: '/house/record/12' or '/rapid/record'. */
  formPath: string;
  /** When it was last saved (epoch ms); the draft expires DRAFT_TTL_MS later. */
  cacheTime: number;
}

export function isDraftExpired(draft: Pick<DraftSlotEntry, 'cacheTime'>, now = Date.now()): boolean {
  return now - draft.cacheTime >= DRAFT_TTL_MS;
}

export const useDraftSlot = create<{ draft: DraftSlotEntry | null }>()(() => ({ draft: null }));

/** Replaces the draft and saves it (encrypted) with a fresh 20-minute expiry. */
export function saveDraft(draft: DraftSlotEntry, now = Date.now()): Promise<void> {
  const stamped = { ...draft, cacheTime: now };
  useDraftSlot.setState({ draft: stamped });
  return secureStorage.set(STORAGE_KEYS.reportDraft, stamped, { expiresAt: now + DRAFT_TTL_MS });
}

export function clearDraft(): Promise<void> {
  useDraftSlot.setState({ draft: null });
  return secureStorage.remove(STORAGE_KEYS.reportDraft);
}

/** The stored draft if it has not expired (secure storage drops expired values itself). */
export async function readStoredDraft(): Promise<DraftSlotEntry | null> {
  const stored = await secureStorage.get<DraftSlotEntry>(STORAGE_KEYS.reportDraft);
  return stored && !isDraftExpired(stored) ? stored : null;
}
