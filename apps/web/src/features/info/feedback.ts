import { messages } from '@baobei/shared/messages';

/** The feedback box's limit; the server keeps its own. */
export const FEEDBACK_MAX_LENGTH = 500;

/** Part 1, section 5: "Feedback: content required ('反馈内容不能为空')". Null when valid. */
export function validateFeedback(content: string): string | null {
  return content.trim() ? null : messages.feedback.contentRequired;
}
