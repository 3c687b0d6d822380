import { messages } from '../messages';
import type { RouteName } from '../routes';

/**
 * Decision 017: while an account must change something before it may use
 * the app (today only its initial password), the server refuses every signed-in call except
 * the few routes declared `allowWhileMustChange` with 403 and `data: { reason }`, and the web
 * client sends the user to the page that clears the reason.
 *
 * A new reason is one entry in each table below and one line in `pendingMustChange`.
 */
export const MUST_CHANGE_REASONS = ['MUST_CHANGE_PASSWORD'] as const;
export type MustChangeReason = (typeof MUST_CHANGE_REASONS)[number];

/** The `data` of the 403. */
export interface MustChangeRefusal {
  reason: MustChangeReason;
}

/** What the user reads with the 403. */
export const MUST_CHANGE_MESSAGES: Record<MustChangeReason, string> = {
  MUST_CHANGE_PASSWORD: messages.login.mustChangePassword,
};

/** The page (of routes.ts) where each reason is cleared. */
export const MUST_CHANGE_PAGES: Record<MustChangeReason, RouteName> = {
  MUST_CHANGE_PASSWORD: 'changePassword',
};

/** The first reason this account must act on before anything else, or null. */
export function pendingMustChange(account: { mustChangePassword: boolean }): MustChangeReason | null {
  if (account.mustChangePassword) return 'MUST_CHANGE_PASSWORD';
  return null;
}

/** The reason of a refusal's `data`, or null when the data is not a must-change refusal. */
export function mustChangeReasonOf(data: unknown): MustChangeReason | null {
  if (typeof data !== 'object' || data === null || !('reason' in data)) return null;
  const { reason } = data;
  return (MUST_CHANGE_REASONS as readonly unknown[]).includes(reason) ? (reason as MustChangeReason) : null;
}
