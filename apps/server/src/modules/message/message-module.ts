import fp from 'fastify-plugin';
import { MESSAGE_KINDS, type MessageKind } from '@baobei/shared/rules/message';
import type { Config } from '../../config';
import type { ModuleOptions } from '../module-options';
import { createMessageDelivery } from './message-delivery';
import { defineDeliveryJobs, messageRetention } from './message-jobs';
import { createMessageRepository } from './message-repository';
import { createMessageAnonymiseRepository, type MessageAnonymiseRepository } from './message-anonymise-repository';
import { messageRoutes } from './message-routes';
import { createMessageService, type MessageService } from './message-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notifications (docs/decisions/054): `notify(tx, event)` for the modules that cause them, the message centre's calls. */
    messageService: MessageService;
    /** 数据保留 and 个人信息请求 (docs/decisions/093): a report's messages' anonymisation, for the privacy module. */
    messageAnonymiser: MessageAnonymiseRepository;
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
  async (app, { db, config, log, wechat, sms, jobs }) => {
    const messages = createMessageRepository(db);
    const service = createMessageService({
      db,
      messages,
      log,
      wechatKinds: wechat ? (Object.keys(wechatTemplatesOf(config)) as MessageKind[]) : [],
      smsEnabled: config.SMS_PROVIDER === 'dev' || !!config.SMS_TEMPLATE_NOTIFICATION?.trim(),
    });
    app.decorate('messageService', service);
    app.decorate('messageAnonymiser', createMessageAnonymiseRepository(db));
    await app.register(messageRoutes(service));

    // The WeChat and SMS deliveries (docs/decisions/054) and the messages' retention (057).
    const delivery = createMessageDelivery({
      messages,
      sms,
      // Read at each send: the WeChat module registers after this one (it needs the auth
      // module, which needs this one), and decorates the app with its template sender.
      get wechat() {
        return app.wechatTemplates;
      },
      wechatTemplates: wechatTemplatesOf(config),
    });
    const deliveries = defineDeliveryJobs(jobs.queue, delivery, { failures: jobs.failures, runAlone: jobs.runAlone, log: jobs.log });
    // A cause that queued a WeChat or SMS delivery asks for a run once it committed.
    service.attachKick(deliveries.kick);
    jobs.retain(messageRetention(messages));
  },
  { name: 'message-module' },
);
