import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { wechatAccountRoutes } from './wechat-account-routes';
import { createWechatAccountService } from './wechat-account-service';
import { createWechatCredentialRepository } from './wechat-credential-repository';
import { createWechatIdentityRepository } from './wechat-identity-repository';
import { wechatRoutes } from './wechat-routes';
import { createWechatService } from './wechat-service';
import type { TemplateMessage } from '../../lib/wechat';
import type { Executor } from '../../db/client';

/** What another module may do with the bindings: end all of some accounts', in its own transaction. */
export interface WechatIdentities {
  removeAllOf(tx: Executor, companyId: number, userIds: number[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** WeChat template messages (docs/decisions/054), for the message-delivery job; null without WeChat credentials. */
    wechatTemplates: { send(message: TemplateMessage): Promise<string> } | null;
    /** The accounts' WeChat bindings, which another module's change ends in its transaction (staff unbinding). */
    wechatIdentities: WechatIdentities;
  }
}

/** The WeChat JS-SDK, and signing in with WeChat, binding and unbinding it. */
export const wechatModule = fp<ModuleOptions>(
  async (app, { db, wechat, log, limiter }) => {
    const { hostsOf } = app.companyHosts;
    const service = createWechatService({ client: wechat, credentials: createWechatCredentialRepository(db), hostsOf, limiter, log });
    app.decorate('wechatTemplates', service.enabled ? { send: service.sendTemplateMessage } : null);
    app.decorate('wechatIdentities', {
      removeAllOf: (tx, companyId, userIds) => createWechatIdentityRepository(tx).removeAllOf(companyId, userIds),
    } satisfies WechatIdentities);
    await app.register(wechatRoutes(service));
    await app.register(
      wechatAccountRoutes(
        createWechatAccountService({
          client: wechat,
          identities: createWechatIdentityRepository(db),
          signInUser: app.authService.signInUser,
          hostsOf,
          limiter,
          log,
        }),
      ),
    );
  },
  { name: 'wechat-module', dependencies: ['auth-module', 'company-module'] },
);
