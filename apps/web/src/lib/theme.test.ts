import { describe, expect, it } from 'vitest';
import { brandVariables, contrastRatio, pageTitle, readableOn, withAlpha } from './theme';

describe('brand variables', () => {
  it('sets antd-mobile primary and our gradient from the company colours', () => {
    const vars = brandVariables({ color: '#e60012', gradientColor: '#ff7a45' });
    expect(vars['--adm-color-primary']).toBe('#e60012');
    expect(vars['--app-gradient']).toBe('linear-gradient(135deg, #e60012 0%, #ff7a45 100%)');
    expect(vars['--app-color-soft']).toBe('rgba(230, 0, 18, 0.1)');
  });

  it('falls back to the default primary for an unusable colour and to the colour for the gradient', () => {
    const vars = brandVariables({ color: '', gradientColor: '' });
    // antd's #1677ff, made readable on white; the gradient keeps it as it is.
    expect(vars['--adm-color-primary']).toBe(readableOn('#1677ff'));
    expect(vars['--app-gradient']).toBe('linear-gradient(135deg, #1677ff 0%, #1677ff 100%)');
  });

  it('makes the primary readable on white and its text readable on its soft tint (4.5:1)', () => {
    const vars = brandVariables({ color: '#1677ff', gradientColor: '#2c3e8f' });
    expect(contrastRatio(vars['--adm-color-primary']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--app-color-on-soft']!, '#e8f1ff')).toBeGreaterThanOrEqual(4.5);
    expect(vars['--app-color']).toBe(vars['--adm-color-primary']);
    expect(vars['--app-color-soft']).toBe('rgba(22, 119, 255, 0.1)');
  });
});

describe('readableOn', () => {
  it('darkens only as far as 4.5:1 takes, keeping the hue', () => {
    const readable = readableOn('#1677ff');
    expect(readable).toBe('#1570f1');
    expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(readableOn('#1677ff', '#ffffff', 4.4), '#ffffff')).toBeLessThan(4.5);
  });

  it('leaves readable and non-hex colours as they are', () => {
    expect(readableOn('#e60012')).toBe('#e60012');
    expect(readableOn('#333')).toBe('#333');
    expect(readableOn('rebeccapurple')).toBe('rebeccapurple');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#999999', '#ffffff')).toBeCloseTo(2.85, 2);
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
