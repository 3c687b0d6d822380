/** Part 1, section 2: the home tabs, by name and by position 0, 1, 2. */
export const HOME_TABS = ['index', 'fky', 'my'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/** The tab named by `?active=` (or the navigation state): a name or a position; null if neither. */
export function parseHomeTab(raw: unknown): HomeTab | null {
  if (typeof raw === 'number') return HOME_TABS[raw] ?? null;
  if (typeof raw !== 'string') return null;
  if ((HOME_TABS as readonly string[]).includes(raw)) return raw as HomeTab;
  if (/^[0-2]$/.test(raw)) return HOME_TABS[Number(raw)] ?? null;
  return null;
}

export function homeTabPath(tab: HomeTab): string {
  return `/home?active=${tab}`;
}
