import fp from 'fastify-plugin';
import { MESSAGE_KINDS, type MessageKind } from '@baobei/shared/rules/message';
import type { Config } from '../../config';
import type { ModuleOptions } from '../module-options';
import { createMessageRepository } from './message-repository';
import { messageRoutes } from './message-routes';
import { createMessageService, type MessageService } from './message-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notifications (docs/decisions/054): `notify(tx, event)` for the modules that cause them, the message centre's calls. */
    messageService: MessageService;
  }
}

/** The WeChat template id configured per kind (WECHAT_TEMPLATE_<KIND>). */
export function wechatTemplatesOf(config: Config): Partial<Record<MessageKind, string>> {
  const ids: Partial<Record<MessageKind, string>> = {};
  for (const kind of MESSAGE_KINDS) {
    const id = config[`WECHAT_TEMPLATE_${kind}`]?.trim();
    if (id) ids[kind] = id;
  }
  return ids;
}

/** Notifications: the message centre, and the outbox writer the record and registration modules call in their transactions. */
export const messageModule = fp<ModuleOptions>(
  async (app, { db, config, log, wechat }) => {
    const service = createMessageService({
      db,
      messages: createMessageRepository(db),
      log,
      wechatKinds: wechat ? (Object.keys(wechatTemplatesOf(config)) as MessageKind[]) : [],
      smsEnabled: config.SMS_PROVIDER === 'dev' || !!config.SMS_TEMPLATE_NOTIFICATION?.trim(),
    });
    app.decorate('messageService', service);
    await app.register(messageRoutes(service));
  },
  { name: 'message-module' },
);
