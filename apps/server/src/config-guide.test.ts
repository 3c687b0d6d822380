import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from './config';

/** docs/deploy.md, the operators' guide. */
const guide = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');

/** The settings the guide's tables name in their first column (a row may name several: `A`, `B`). */
function settingsInGuide(): string[] {
  const names = new Set<string>();
  for (const line of guide.split('\n')) {
    const first = /^\|([^|]+)\|/.exec(line)?.[1];
    if (!first) continue;
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  }
  return [...names].sort();
}

describe('the guide and config.ts agree (issue 34, item 7)', () => {
  it('every setting config.ts reads is in the guide, and every setting the guide names is read', () => {
    const guideNames = settingsInGuide();
    expect(guideNames.length).toBeGreaterThan(50);
    expect(CONFIG_KEYS.filter((key) => !guideNames.includes(key)), 'read but not in docs/deploy.md').toEqual([]);
    expect(guideNames.filter((name) => !CONFIG_KEYS.includes(name)), 'in docs/deploy.md but never read').toEqual([]);
  });
});
