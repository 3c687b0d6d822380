import { messages } from '../messages';
import { characterCount } from '../schemas/fields';
import { formatShanghaiMinute } from './shanghai-time';

/**
 * A customer's page (issue 32, item 1; docs/decisions/088): the intention a broker keeps of a
 * customer and the follow-ups they log. The page's editors and the server's calls check the
 * same rules below; the limits are the columns' checks (migration 0035).
 */
const pageText = messages.customerPage;

/** 意向: 高/中/低, stored as codes; none is null. */
export const INTENT_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type IntentLevel = (typeof INTENT_LEVELS)[number];
export const INTENT_LEVEL_TEXT: Record<IntentLevel, string> = { HIGH: '高', MEDIUM: '中', LOW: '低' };

/** 跟进方式: 电话/微信/带看/其他, stored as codes. */
export const FOLLOW_UP_KINDS = ['PHONE', 'WECHAT', 'VISIT', 'OTHER'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
export const FOLLOW_UP_KIND_TEXT: Record<FollowUpKind, string> = { PHONE: '电话', WECHAT: '微信', VISIT: '带看', OTHER: '其他' };

/** Lengths in characters (as a person counts them) and the number of free tags. */
export const CUSTOMER_PAGE_LIMITS = {
  note: 500,
  budget: 20,
  area: 30,
  layout: 20,
  tags: 10,
  tag: 10,
} as const;

/** The detail answers this many follow-ups; the rest are read page by page (get-customer-follow-ups). */
export const FOLLOW_UP_PAGE_SIZE = 20;
/** The detail answers the customer's newest reports up to this many, with their total. */
export const CUSTOMER_REPORTS_SHOWN = 50;

/** The earliest time a follow-up may name (the page's picker starts there), 'YYYY-MM-DD HH:mm' in Shanghai. */
export const FOLLOW_UP_EARLIEST = '2020-01-01 00:00';

/** Free tags as kept: trimmed, empty ones dropped, each once (the first spelling wins), in the order given. */
export function normalizeIntentTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag)) continue;
    seen.add(tag);
    out.push(tag);
  }
  return out;
}

/** Why a tag cannot join `tags` (the page's 添加), or null. */
export function intentTagProblem(tags: readonly string[], tag: string): string | null {
  const value = tag.trim();
  if (!value) return pageText.tagRequired;
  if (characterCount(value) > CUSTOMER_PAGE_LIMITS.tag) return pageText.tagTooLong(CUSTOMER_PAGE_LIMITS.tag);
  if (tags.includes(value)) return pageText.tagDuplicate;
  if (tags.length >= CUSTOMER_PAGE_LIMITS.tags) return pageText.tagTooMany(CUSTOMER_PAGE_LIMITS.tags);
  return null;
}

/** Why a set of (normalized) tags cannot be kept, or null: too many, or one too long. */
export function intentTagsProblem(tags: readonly string[]): string | null {
  if (tags.length > CUSTOMER_PAGE_LIMITS.tags) return pageText.tagTooMany(CUSTOMER_PAGE_LIMITS.tags);
  if (tags.some((tag) => characterCount(tag) > CUSTOMER_PAGE_LIMITS.tag)) return pageText.tagTooLong(CUSTOMER_PAGE_LIMITS.tag);
  return null;
}

/**
 * Why a follow-up cannot be logged, or null, in the form's order: a kind, a note, and a time
 * ('YYYY-MM-DD HH:mm', Shanghai; '' is now) from FOLLOW_UP_EARLIEST to the current minute.
 */
export function followUpProblem(draft: { kind: string; note: string; happenedAt: string }, now: Date): string | null {
  if (!(FOLLOW_UP_KINDS as readonly string[]).includes(draft.kind)) return pageText.followUpKindRequired;
  if (!draft.note.trim()) return pageText.followUpNoteRequired;
  if (characterCount(draft.note.trim()) > CUSTOMER_PAGE_LIMITS.note) return messages.input.tooLong(pageText.followUpNote, CUSTOMER_PAGE_LIMITS.note);
  // Minute strings of one format compare as their instants do.
  if (draft.happenedAt && draft.happenedAt > formatShanghaiMinute(now)) return pageText.followUpFuture;
  if (draft.happenedAt && draft.happenedAt < FOLLOW_UP_EARLIEST) return pageText.followUpTooEarly;
  return null;
}
