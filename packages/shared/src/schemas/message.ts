import { z } from 'zod';
import { messages } from '../messages';
import { MESSAGE_KINDS } from '../rules/message';
import { dbId } from './fields';
import { keysetPageSchema } from './cursor';

/** Issue 17, item 4: the message centre's calls (docs/decisions/054). */
export const messageKindSchema = z.enum(MESSAGE_KINDS, { error: messages.input.invalid(messages.message.kindInvalid) });

/** POST /api/message/get-message-list?page&pageSize&cursor { unreadOnly }: the viewer's messages, newest first. */
export const messageListBodySchema = z.object({
  unreadOnly: z.boolean({ error: messages.input.invalid('只看未读') }).optional().default(false),
});

export const messageItemSchema = z.object({
  id: z.number(),
  kind: messageKindSchema,
  title: z.string(),
  content: z.string(),
  /** The report the message is about (tapping opens /record/detail/:id), or null. */
  recordId: z.number().nullable(),
  read: z.boolean(),
  /** 'YYYY-MM-DD HH:mm', Shanghai time. */
  createdAt: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

/** The keyset page (docs/decisions/016) and the viewer's unread count, for the badge. */
export const messageListSchema = keysetPageSchema(messageItemSchema).extend({ unread: z.number() });
export type MessageList = z.infer<typeof messageListSchema>;

export const unreadCountSchema = z.object({ count: z.number() });

/** POST /api/message/read { id }: the viewer's own message (another's is 404). */
export const messageIdSchema = z.object({ id: dbId('消息') });
/** read and read-all answer the unread count left. */
export const messageReadResultSchema = z.object({ unread: z.number() });

/** 消息设置: the kinds the viewer's role receives, each on or off, and whether WeChat is bound. */
export const messageSettingsSchema = z.object({
  kinds: z.array(z.object({ kind: messageKindSchema, text: z.string(), enabled: z.boolean() })),
  wechatBound: z.boolean(),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/** POST /api/message/save-settings { disabledKinds }: the kinds turned off (the rest on). */
export const saveMessageSettingsSchema = z.object({
  disabledKinds: z.array(messageKindSchema, { error: messages.input.invalid(messages.message.kindInvalid) }).max(MESSAGE_KINDS.length),
});
