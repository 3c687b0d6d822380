import { z } from 'zod';
import { messages } from '../messages';
import { text } from './fields';

/** Part 1, section 5: feedback content is required; 500 characters at most. */
export const FEEDBACK_MAX_LENGTH = 500;

/** POST /api/user/add-gbook { content } */
export const feedbackSchema = z
  .object({ content: text('反馈内容', FEEDBACK_MAX_LENGTH) })
  .superRefine((value, ctx) => {
    if (!value.content) ctx.addIssue({ code: 'custom', message: messages.feedback.contentRequired });
    else if (Array.from(value.content).length > FEEDBACK_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: messages.feedback.contentTooLong });
    }
  });
export type FeedbackInput = z.infer<typeof feedbackSchema>;
