import { messages } from '@baobei/shared/messages';
import { describe, expect, it } from 'vitest';
import { validateFeedback } from './feedback';

describe('feedback', () => {
  it('requires some content, blanks included', () => {
    expect(validateFeedback('')).toBe(messages.feedback.contentRequired);
    expect(validateFeedback('  \n ')).toBe(messages.feedback.contentRequired);
    expect(validateFeedback('列表加载有点慢')).toBeNull();
  });
});
