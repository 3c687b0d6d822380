import { adminFeedbackHandleAnswerSchema, adminFeedbackHandleSchema, adminFeedbackListQuerySchema, adminFeedbackListSchema } from '../schemas/admin-feedback';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 意见反馈 (issue 16, item 5; docs/decisions/050), under /api/admin/feedback/. Both console
 * roles, the host's company only: another company's message is 404 反馈不存在.
 */

export const adminFeedbackApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/feedback/list',
    tags: ['admin'],
    summary: "The company's feedback messages newest first with their senders: 未处理/已处理/全部, keyword, days; paged, with the unhandled count",
    query: adminFeedbackListQuerySchema,
    data: adminFeedbackListSchema,
    access: consoleRead('feedback'),
  }),
  handle: defineEndpoint({
    method: 'POST',
    path: '/api/admin/feedback/handle',
    tags: ['admin'],
    summary: 'Mark a message handled with an optional note (an audit row); one already handled stays as it was',
    body: adminFeedbackHandleSchema,
    data: adminFeedbackHandleAnswerSchema,
    access: consoleWrite('feedback'),
  }),
};
