import { pinyin } from 'pinyin-pro';

/**
 * The index letter of a name for grouped lists (customers, staff, viewing staff): its
 * pinyin initial A-Z, '#' otherwise; surnames read as surnames (曾 Z, 单 S).
 */
export function nameAnchor(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '#';
  const first = pinyin(trimmed, { pattern: 'first', toneType: 'none', type: 'array', mode: 'surname', surname: 'head' })[0];
  const letter = (first ?? '').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

/** ARCHITECTURE.md, grouped lists: anchors A-Z then '#', names sorted within a group. */
export function groupByAnchor<T>(items: T[], anchorOf: (item: T) => string, nameOf: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const anchor = anchorOf(item);
    groups.set(anchor, [...(groups.get(anchor) ?? []), item]);
  }
  const order = (a: string) => (a === '#' ? '[' : a);
  return [...groups.entries()]
    .sort(([a], [b]) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
    .map(([anchor, list]) => ({ anchor, list: list.sort((x, y) => nameOf(x).localeCompare(nameOf(y), 'zh-CN')) }));
}
