import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { CUSTOMER_PAGE_LIMITS, followUpProblem, intentTagProblem, intentTagsProblem, normalizeIntentTags } from './customer-page';

const text = messages.customerPage;

describe('intention tags', () => {
  it('are trimmed, empty ones dropped, each kept once in the order given', () => {
    expect(normalizeIntentTags([' 学区 ', '地铁', '学区', '', '  ', '地铁 '])).toEqual(['学区', '地铁']);
  });

  it('refuse an empty, a too long, a repeated tag and one past the limit', () => {
    expect(intentTagProblem(['学区'], '  ')).toBe(text.tagRequired);
    expect(intentTagProblem([], '一'.repeat(CUSTOMER_PAGE_LIMITS.tag + 1))).toBe(text.tagTooLong(CUSTOMER_PAGE_LIMITS.tag));
    expect(intentTagProblem([], '一'.repeat(CUSTOMER_PAGE_LIMITS.tag))).toBeNull();
    expect(intentTagProblem(['学区'], ' 学区')).toBe(text.tagDuplicate);
    const full = Array.from({ length: CUSTOMER_PAGE_LIMITS.tags }, (_, i) => `t${i}`);
    expect(intentTagProblem(full, '新')).toBe(text.tagTooMany(CUSTOMER_PAGE_LIMITS.tags));
    expect(intentTagProblem(full.slice(1), '新')).toBeNull();
    expect(intentTagsProblem(full)).toBeNull();
    expect(intentTagsProblem([...full, '新'])).toBe(text.tagTooMany(CUSTOMER_PAGE_LIMITS.tags));
    expect(intentTagsProblem(['一'.repeat(CUSTOMER_PAGE_LIMITS.tag + 1)])).toBe(text.tagTooLong(CUSTOMER_PAGE_LIMITS.tag));
  });
});

describe('followUpProblem', () => {
  // 2026-03-01 10:30 in Shanghai.
  const now = new Date('2026-03-01T02:30:20Z');
  it('asks for a kind, then a note, then a time not after the current minute', () => {
    expect(followUpProblem({ kind: '', note: '', happenedAt: '' }, now)).toBe(text.followUpKindRequired);
    expect(followUpProblem({ kind: 'PHONE', note: ' ', happenedAt: '' }, now)).toBe(text.followUpNoteRequired);
    expect(followUpProblem({ kind: 'PHONE', note: '长'.repeat(CUSTOMER_PAGE_LIMITS.note + 1), happenedAt: '' }, now)).toBe(
      messages.input.tooLong(text.followUpNote, CUSTOMER_PAGE_LIMITS.note),
    );
    expect(followUpProblem({ kind: 'VISIT', note: '带看', happenedAt: '2026-03-01 10:31' }, now)).toBe(text.followUpFuture);
    expect(followUpProblem({ kind: 'VISIT', note: '带看', happenedAt: '2026-03-01 10:30' }, now)).toBeNull();
    expect(followUpProblem({ kind: 'OTHER', note: '其他', happenedAt: '' }, now)).toBeNull();
    expect(followUpProblem({ kind: 'OTHER', note: '旧事', happenedAt: '2019-12-31 23:59' }, now)).toBe(text.followUpTooEarly);
    expect(followUpProblem({ kind: 'OTHER', note: '旧事', happenedAt: '2020-01-01 00:00' }, now)).toBeNull();
  });
});
