import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message';

describe('formatMessage', () => {
  it('fills every named placeholder and leaves unknown ones', () => {
    expect(formatMessage('定位到您当前所在城市为{city}，是否切换？', { city: '三亚' })).toBe('定位到您当前所在城市为三亚，是否切换？');
    expect(formatMessage('{a}-{b}-{a}', { a: 1, b: 'x' })).toBe('1-x-1');
    expect(formatMessage('{missing}', {})).toBe('{missing}');
  });
});
