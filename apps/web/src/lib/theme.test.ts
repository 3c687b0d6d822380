import { describe, expect, it } from 'vitest';
import { brandVariables, pageTitle, withAlpha } from './theme';

describe('brand variables', () => {
  it('sets antd-mobile primary and our gradient from the company colours', () => {
    const vars = brandVariables({ color: '#e60012', gradientColor: '#ff7a45' });
    expect(vars['--adm-color-primary']).toBe('#e60012');
    expect(vars['--app-gradient']).toBe('linear-gradient(135deg, #e60012 0%, #ff7a45 100%)');
    expect(vars['--app-color-soft']).toBe('rgba(230, 0, 18, 0.1)');
  });

  it('falls back to the default primary for an unusable colour and to the colour for the gradient', () => {
    const vars = brandVariables({ color: '', gradientColor: '' });
    expect(vars['--adm-color-primary']).toBe('#1677ff');
    expect(vars['--app-gradient']).toBe('linear-gradient(135deg, #1677ff 0%, #1677ff 100%)');
  });

  it('expands short hex', () => {
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
  });
});

describe('pageTitle', () => {
  it('joins route and company titles', () => {
    expect(pageTitle('登录', '海口新房报备')).toBe('登录 - 海口新房报备');
    expect(pageTitle(null, '海口新房报备')).toBe('海口新房报备');
    expect(pageTitle('登录', '')).toBe('登录');
  });
});
