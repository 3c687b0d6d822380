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

/** How many times a user's answer or a reset was applied: start-up's answer yields to any that came first. */
let sessionChanges = 0;

export function sessionChangeCount(): number {
  return sessionChanges;
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

/** Whose answers the device keeps for a start without a network (lib/offline/kept-answers.ts): a visitor's are 0's. */
export function keptUid(): number {
  return useSessionStore.getState().userInfo?.uid ?? 0;
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
 * would strand a page whose request was in flight in a loading state.) The start's own
 * answer changes no user: until it, only public pages drew (home from the page's start data,
 * listings), with answers for everyone or for the stored token's user. They are read again in
 * place, so home does not fall back to its skeleton for the time of a second request.
 */
function dropCachedDataIfUserChanged(next: UserInfo | null): void {
  const { ready, userInfo: previous } = useSessionStore.getState();
  if ((previous?.uid ?? null) === (next?.uid ?? null)) return;
  void (ready ? queryClient.resetQueries() : queryClient.invalidateQueries());
}

/** What the device kept for starts without a network: the session's answer and the pages' answers. */
function forgetOffline(): Promise<void> {
  // The kept pages' module loads with the lists that keep them, not with the first page.
  const pages = import('../offline/kept-answers').then((kept) => kept.forgetKeptAnswers());
  return Promise.all([secureStorage.remove(STORAGE_KEYS.offlineSession), pages]).then(() => undefined);
}

/**
 * The last signed-in start's answer, when it was the answer for this very token: a start without
 * a network signs the same user in from it (docs/decisions/094) until the network returns.
 */
export async function keptSessionFor(token: string): Promise<InitConfig | null> {
  const kept = await secureStorage.get<InitConfig>(STORAGE_KEYS.offlineSession);
  return kept && kept.token === token ? kept : null;
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
  sessionChanges += 1;
  const { token, userInfo, ...config } = init;
  const loggedIn = Boolean(token && userInfo);
  const previous = useSessionStore.getState().userInfo;
  // The device keeps one user's answers for a start without a network: another user's go (a
  // first start has no previous user to compare; a logout already forgot them).
  if (loggedIn && previous !== null && previous.uid !== userInfo!.uid) void forgetOffline();
  dropCachedDataIfUserChanged(loggedIn ? userInfo : null);
  useSessionStore.setState({
    ready: true,
    token: loggedIn ? token : null,
    userInfo: loggedIn ? userInfo : null,
    config,
  });
  // Only a sign-in writes the token; only a reset removes it (an anonymous answer after a
  // failed start keeps the stored token for the next start).
  if (!loggedIn || !token) return Promise.resolve();
  // Kept for a start without a network, off the start's path: nothing waits for its encryption.
  void secureStorage.set(STORAGE_KEYS.offlineSession, init);
  return persistToken(token);
}

/** Part 1, section 4: logout and token expiry (401) reset the session. The lists stay. */
export function resetSession(): Promise<void> {
  sessionChanges += 1;
  dropCachedDataIfUserChanged(null);
  useSessionStore.setState({ token: null, userInfo: null });
  return Promise.all([persistToken(null), forgetOffline()]).then(() => undefined);
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
