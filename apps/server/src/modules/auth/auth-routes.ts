import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser, readToken } from '../../plugins/auth';
import type { AuthService } from './auth-service';

/** Decision 017: the calls an account that must change its initial password may still make. */
const whileMustChange = { config: { allowWhileMustChange: true } };

export const authRoutes =
  (auth: AuthService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.auth.verifyCode, async (request) => ok(await auth.createCaptcha(request.clientKey)));

    routeFrom(app, api.auth.getCode, async (request) => {
      await auth.sendSmsCode(request.company, request.query, request.clientKey);
      return ok(null, messages.login.smsSent);
    });

    routeFrom(app, api.auth.sign, async (request) =>
      ok(await auth.signWithPassword(request.company, request.body, request.clientKey), '登录成功'),
    );

    routeFrom(app, api.auth.signByCode, async (request) =>
      ok(await auth.signWithCode(request.company, request.body, request.clientKey), '登录成功'),
    );

    routeFrom(
      app,
      api.auth.logout,
      async (request) => {
        await auth.logout(currentUser(request));
        return ok(null, messages.login.logoutSuccess);
      },
      whileMustChange,
    );

    routeFrom(app, api.auth.checkToken, async (request) => ok({ uid: currentUser(request).id }), whileMustChange);

    routeFrom(
      app,
      api.auth.getInitConfig,
      async (request) =>
        ok(await auth.initConfig(request.company, currentUser(request), readToken(request.headers.authorization) ?? null)),
      whileMustChange,
    );

    routeFrom(app, api.auth.getCommonInitConfig, async (request) => ok(await auth.initConfig(request.company, null, null)));

    routeFrom(
      app,
      api.auth.changePassword,
      async (request) => {
        await auth.changePassword(currentUser(request), request.body);
        return ok(null, messages.changePassword.success);
      },
      whileMustChange,
    );

    routeFrom(app, api.auth.getPhoneCode, async (request) => {
      await auth.sendPhoneChangeCode(request.company, currentUser(request), request.body.phone, request.clientKey);
      return ok(null, messages.login.smsSent);
    });

    routeFrom(app, api.auth.retrievePassword, async (request) => {
      await auth.retrievePassword(request.company, request.body, request.clientKey);
      return ok(null, messages.retrievePassword.success);
    });
  };
