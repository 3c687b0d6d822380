import { MUST_CHANGE_PAGES, mustChangeReasonOf, type MustChangeReason } from '@baobei/shared/rules/must-change';
import { findRoute } from '@baobei/shared/routes';
import type { UserInfo } from '@baobei/shared/schemas/session';

/**
 * Decision 017: while an account must change something first (its initial password), the
 * server answers every other call 403 with `data: { reason }`. The API client turns that into
 * a trip to the page that clears the reason; the route guard then keeps the user there.
 */

/** The session fields that make the route guard hold the user on the reason's page. */
const SESSION_PATCH: Record<MustChangeReason, Partial<UserInfo>> = {
  MUST_CHANGE_PASSWORD: { mustChangePassword: true },
};

/** The reason of a failed call, or null when it is not a must-change refusal. */
export function mustChangeOf(error: { code: number; data: unknown }): MustChangeReason | null {
  return error.code === 403 ? mustChangeReasonOf(error.data) : null;
}

export function mustChangePath(reason: MustChangeReason): string {
  return findRoute(MUST_CHANGE_PAGES[reason]).path;
}

export interface MustChangeEffects {
  /** The current location's path name. */
  pathname: string;
  updateUserInfo(patch: Partial<UserInfo>): void;
  navigate(to: string, options: { replace: boolean }): void;
}

/**
 * For the API client: when `error` is a must-change refusal, marks the session and goes to the
 * reason's page (unless already there) and answers true; otherwise does nothing and answers false.
 */
export function followMustChange(error: { code: number; data: unknown }, effects: MustChangeEffects): boolean {
  const reason = mustChangeOf(error);
  if (!reason) return false;
  effects.updateUserInfo(SESSION_PATCH[reason]);
  const to = mustChangePath(reason);
  if (effects.pathname !== to) effects.navigate(to, { replace: true });
  return true;
}
