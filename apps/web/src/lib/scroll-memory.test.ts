import { describe, expect, it } from 'vitest';
import { recallScroll, rememberScroll } from './scroll-memory';

describe('scroll memory', () => {
  it('recalls the last position of an entry and nothing for unknown entries', () => {
    rememberScroll('a', 120);
    rememberScroll('a', 480);
    expect(recallScroll('a')).toBe(480);
    expect(recallScroll('never')).toBeNull();
  });

  it('keeps only the most recent entries', () => {
    for (let i = 0; i < 60; i += 1) rememberScroll(`entry-${i}`, i);
    expect(recallScroll('entry-0')).toBeNull();
    expect(recallScroll('entry-59')).toBe(59);
    // Touching an entry makes it recent again.
    rememberScroll('entry-10', 10);
    for (let i = 60; i < 100; i += 1) rememberScroll(`entry-${i}`, i);
    expect(recallScroll('entry-10')).toBe(10);
  });
});
