import fp from 'fastify-plugin';
import type { ModuleOptions } from '../module-options';
import { wechatAccountRoutes } from './wechat-account-routes';
import { createWechatAccountService } from './wechat-account-service';
import { createWechatCredentialRepository } from './wechat-credential-repository';
import { createWechatIdentityRepository } from './wechat-identity-repository';
import { wechatRoutes } from './wechat-routes';
import { createWechatService } from './wechat-service';

/** The WeChat JS-SDK, and signing in with WeChat, binding and unbinding it. */
export const wechatModule = fp<ModuleOptions>(
  async (app, { db, wechat, log }) => {
    await app.register(wechatRoutes(createWechatService({ client: wechat, credentials: createWechatCredentialRepository(db), log })));
    await app.register(
      wechatAccountRoutes(
        createWechatAccountService({
          client: wechat,
          identities: createWechatIdentityRepository(db),
          signInUser: app.authService.signInUser,
          log,
        }),
      ),
    );
  },
  { name: 'wechat-module', dependencies: ['auth-module'] },
);
