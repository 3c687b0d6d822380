import { messages } from '../messages';

/**
 * Issue 32, item 6 (docs/decisions/089): what the 案场 list's search box finds. The on-site staff
 * see a customer's name and, on a MASKED listing, only the phone's first three and last four
 * digits (decision 019), so a search is a name (any part of it) or the last four digits of the
 * phone, never more of the number than the list shows.
 */
export type ArrivalSearch = { kind: 'none' } | { kind: 'name'; name: string } | { kind: 'tail'; tail: string };

export const PHONE_TAIL_LENGTH = 4;

/** The search of a keyword, or the message refusing it (digits that are not four). */
export function arrivalSearchOf(keyword: string): ArrivalSearch | { problem: string } {
  const text = keyword.trim();
  if (!text) return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    return text.length === PHONE_TAIL_LENGTH ? { kind: 'tail', tail: text } : { problem: messages.recordTrack.arrivalTailInvalid };
  }
  return { kind: 'name', name: text };
}
