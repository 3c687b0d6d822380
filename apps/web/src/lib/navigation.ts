/**
 * Navigation for code outside React components (the API client's 401 handling, the
 * session bootstrap). The router registers itself here; before that, a full page load.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The current in-app location, as a return path. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** react-router keeps the history index in `history.state.idx`; above 0 there is an in-app page to go back to. */
export function historyIndex(): number {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number') return state.idx;
  return 0;
}

/** Paths of the history entries seen in this page load, by react-router's index. */
const visited = new Map<number, string>();

export function recordVisit(index: number, path: string): void {
  visited.set(index, path);
}

/** The path of the entry before the current one, when it was seen in this page load. */
export function previousPath(): string | null {
  const index = historyIndex();
  return index > 0 ? (visited.get(index - 1) ?? null) : null;
}
