import { describe, expect, it } from 'vitest';
import { homeTabPath, parseHomeTab } from './home-tabs';

describe('parseHomeTab', () => {
  it('reads names and positions', () => {
    expect(parseHomeTab('index')).toBe('index');
    expect(parseHomeTab('fky')).toBe('fky');
    expect(parseHomeTab('my')).toBe('my');
    expect(parseHomeTab('1')).toBe('fky');
    expect(parseHomeTab(2)).toBe('my');
  });

  it('ignores anything else', () => {
    expect(parseHomeTab(null)).toBeNull();
    expect(parseHomeTab('')).toBeNull();
    expect(parseHomeTab('report')).toBeNull();
    expect(parseHomeTab('3')).toBeNull();
    expect(parseHomeTab(5)).toBeNull();
  });

  it('builds the tab path', () => {
    expect(homeTabPath('fky')).toBe('/home?active=fky');
  });
});
