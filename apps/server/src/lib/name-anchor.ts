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
