import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { RECOGNIZE_CORPUS } from './recognize-corpus';
import { normaliseText, parseCount, recognizeMessage } from './recognize';

// The shared package compiles without Node's or the DOM's types; vitest runs it in Node.
declare const console: { log(...args: unknown[]): void };

describe('smart recognition', () => {
  it('recognises the whole corpus', () => {
    const failures: string[] = [];
    for (const entry of RECOGNIZE_CORPUS) {
      const actual = recognizeMessage(entry.message);
      if (JSON.stringify(actual) !== JSON.stringify(entry.expected)) {
        failures.push(`${entry.title}\n  expected ${JSON.stringify(entry.expected)}\n  actual   ${JSON.stringify(actual)}`);
      }
    }
    if (failures.length) console.log(`recognition corpus: ${failures.length}/${RECOGNIZE_CORPUS.length} failed\n${failures.join('\n')}`);
    expect(RECOGNIZE_CORPUS.length).toBeGreaterThanOrEqual(150);
    expect(failures).toEqual([]);
  });

  it("recognises the report form's own placeholder example", () => {
    const example = messages.reportForm.recognizePlaceholder.replace(/^[^：]*：/, '');
    expect(recognizeMessage(example)).toEqual({
      customerList: [{ name: '张先生', sex: 1, phone: '13800138000', telType: 0 }],
      daikan: { name: '李四', phone: '13900139000' },
      visitorNum: 2,
    });
  });

  it('reads counts in digits and Chinese numerals', () => {
    expect(parseCount('3')).toBe(3);
    expect(parseCount('两')).toBe(2);
    expect(parseCount('十')).toBe(10);
    expect(parseCount('十二')).toBe(12);
    expect(parseCount('二十')).toBe(20);
    expect(parseCount('人')).toBeNull();
  });

  it('normalises full-width forms and x-masked phones', () => {
    expect(normaliseText('１３８ｘｘｘｘ５６７８：')).toBe('138****5678:');
  });
});
