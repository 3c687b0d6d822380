import { cursors, keysetPageQuerySchema } from '../schemas/cursor';
import {
  messageIdSchema,
  messageListBodySchema,
  messageListSchema,
  messageReadResultSchema,
  messageSettingsSchema,
  saveMessageSettingsSchema,
  unreadCountSchema,
} from '../schemas/message';
import { required } from './access';
import { defineEndpoint } from './endpoint';

/**
 * Issue 17, item 4 (docs/decisions/054): the message centre. Every call reads or changes the
 * signed-in user's own messages only (user_id in the WHERE): another user's message is 404.
 * Any mobile role (the console's accounts never call a mobile route, decision 039).
 */
const tags = ['message'];

export const messageApi = {
  getMessageList: defineEndpoint({
    method: 'POST',
    path: '/api/message/get-message-list',
    tags,
    summary: 'The viewer’s messages, newest first (keyset paging, decision 016), optionally unread only, with the unread count',
    query: keysetPageQuerySchema(cursors.message),
    body: messageListBodySchema,
    data: messageListSchema,
    access: required,
  }),
  getUnreadCount: defineEndpoint({
    method: 'POST',
    path: '/api/message/get-unread-count',
    tags,
    summary: 'The viewer’s unread message count (the my tab’s badge)',
    data: unreadCountSchema,
    access: required,
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/message/read',
    tags,
    summary: 'Mark one of the viewer’s messages read (another’s is 404); answers the unread count left',
    body: messageIdSchema,
    data: messageReadResultSchema,
    access: required,
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/api/message/read-all',
    tags,
    summary: 'Mark every message of the viewer read',
    data: messageReadResultSchema,
    access: required,
  }),
  getSettings: defineEndpoint({
    method: 'POST',
    path: '/api/message/get-settings',
    tags,
    summary: '消息设置: the kinds the viewer’s role receives, each on or off, and whether the viewer is bound to WeChat',
    data: messageSettingsSchema,
    access: required,
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/api/message/save-settings',
    tags,
    summary: 'Turn kinds off (`disabledKinds`; the rest on); answers the settings',
    body: saveMessageSettingsSchema,
    data: messageSettingsSchema,
    access: required,
  }),
};
