import { describe, expect, it } from 'vitest';
import { wrapText } from './text-wrap';

/** A font where a Chinese character is 10 wide and any other character 6. */
const measure = (text: string) => [...text].reduce((w, c) => w + (/[\u0020-\u007e]/.test(c) ? 6 : 10), 0);

describe('wrapText', () => {
  it('breaks Chinese between any two characters, no line wider than the width', () => {
    const lines = wrapText('海口湾一号滨海花园洋房', 40, measure, 5);
    expect(lines).toEqual(['海口湾一', '号滨海花', '园洋房']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(40);
  });

  it('keeps Latin words and numbers whole, and drops the space at a break', () => {
    expect(wrapText('均价 18000 元 VIP clubs', 50, measure, 5)).toEqual(['均价', '18000 元', 'VIP', 'clubs']);
  });

  it('splits a token wider than a whole line', () => {
    expect(wrapText('1234567890', 30, measure, 5)).toEqual(['12345', '67890']);
  });

  it('never starts a line with a closing mark: the character before goes along', () => {
    const lines = wrapText('南北通透，带装修', 40, measure, 5);
    expect(lines).toEqual(['南北通', '透，带装', '修']);
    for (const line of lines) expect(line.startsWith('，')).toBe(false);
  });

  it('ends the last kept line in an ellipsis when text is left over, within the width', () => {
    const lines = wrapText('海口湾一号滨海花园洋房', 40, measure, 2);
    expect(lines).toEqual(['海口湾一', '号滨海…']);
    expect(measure(lines[1]!)).toBeLessThanOrEqual(40);
  });

  it('gives no line for blank text and collapses runs of white space', () => {
    expect(wrapText('  \n ', 40, measure, 2)).toEqual([]);
    expect(wrapText(' 海口\n\n三亚 ', 100, measure, 2)).toEqual(['海口 三亚']);
  });
});
