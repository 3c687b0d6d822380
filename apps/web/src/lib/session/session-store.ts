import type { Role } from '@baobei/shared/rules/roles';
import type { InitConfig, UserInfo } from '@baobei/shared/schemas/session';
import { create } from 'zustand';
import { queryClient } from '../query-client';
import { secureStorage, STORAGE_KEYS } from '../secure-storage';

/** The shared lists of the initial config (cities, prices, features, statuses, service phone…). */
export type SessionConfig = Omit<InitConfig, 'token' | 'userInfo'>;

export interface SessionState {
  /**
   * The start-up has settled: we know whether someone is logged in. Until then navigation
   * proceeds and pages that need the session wait (part 2, section 2, route guard).
   */
  ready: boolean;
  token: string | null;
  userInfo: UserInfo | null;
  config: SessionConfig | null;
}

export const useSessionStore = create<SessionState>()(() => ({
  ready: false,
  token: null,
  userInfo: null,
  config: null,
}));

export function selectLoggedIn(state: SessionState): boolean {
  return state.token !== null && state.userInfo !== null;
}

/** Part 1, section 3: auditors carry `role`, distributor and channel staff `distributorStaffType`. */
export function roleOf(userInfo: UserInfo | null): Role | null {
  if (!userInfo) return null;
  return userInfo.role || userInfo.distributorStaffType || null;
}

export function selectRole(state: SessionState): Role | null {
  return roleOf(state.userInfo);
}

function persistToken(token: string | null): Promise<void> {
  return token ? secureStorage.set(STORAGE_KEYS.token, token) : secureStorage.remove(STORAGE_KEYS.token);
}

/**
 * Cached answers belong to the user who fetched them: when the user changes, every query
 * goes back to its initial state and the ones on screen fetch again. (Removing them instead
 * would strand a page whose request was in flight in a loading state.)
 */
function dropCachedDataIfUserChanged(next: UserInfo | null): void {
  const previous = useSessionStore.getState().userInfo;
  if ((previous?.uid ?? null) !== (next?.uid ?? null)) void queryClient.resetQueries();
}

/** The stored token, read once at start-up. */
export function readStoredToken(): Promise<string | null> {
  return secureStorage.get<string>(STORAGE_KEYS.token);
}

/** Whether a token may be stored, known at once (no token stored: surely none). */
export function mayHaveStoredToken(): boolean {
  return secureStorage.has(STORAGE_KEYS.token);
}

/** At start-up, before the authenticated init call, so that the call carries the token. */
export function adoptStoredToken(token: string): void {
  useSessionStore.setState({ token });
}

/**
 * Init data and every sign-in answer (part 1, section 7: "the init-data answer fills the
 * session"). An answer without a user is the anonymous config.
 */
export function applyInitConfig(init: InitConfig): Promise<void> {
  const { token, userInfo, ...config } = init;
  const loggedIn = Boolean(token && userInfo);
  dropCachedDataIfUserChanged(loggedIn ? userInfo : null);
  useSessionStore.setState({
    ready: true,
    token: loggedIn ? token : null,
    userInfo: loggedIn ? userInfo : null,
    config,
  });
  // Only a sign-in writes the token; only a reset removes it (an anonymous answer after a
  // failed start keeps the stored token for the next start).
  return loggedIn && token ? persistToken(token) : Promise.resolve();
}

/** Part 1, section 4: logout and token expiry (401) reset the session. The lists stay. */
export function resetSession(): Promise<void> {
  dropCachedDataIfUserChanged(null);
  useSessionStore.setState({ token: null, userInfo: null });
  return persistToken(null);
}

/** The authenticated start-up failed for a reason other than 401: log in again, keep the stored token. */
export function forgetTokenForNow(): void {
  useSessionStore.setState({ token: null, userInfo: null });
}

/** The start-up settled without init data (the anonymous config failed too). */
export function markSessionReady(): void {
  useSessionStore.setState({ ready: true });
}

export function updateUserInfo(patch: Partial<UserInfo>): void {
  const { userInfo } = useSessionStore.getState();
  if (userInfo) useSessionStore.setState({ userInfo: { ...userInfo, ...patch } });
}
