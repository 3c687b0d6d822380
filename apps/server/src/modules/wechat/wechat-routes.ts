import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '@baobei/shared/contract';
import { text } from '@baobei/shared/schemas/fields';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { SHARE_CALLBACK_PATH, type WechatService } from './wechat-service';

const callbackQuery = z.object({
  code: text('微信授权码', 512),
  state: text('授权状态', 512),
});

export const wechatRoutes =
  (wechat: WechatService): FastifyPluginAsyncZod =>
  async (app) => {
    routeFrom(app, api.wechat.getJsSdk, async (request) => ok(await wechat.jsSdkConfig(request.body.url)));

    routeFrom(app, api.wechat.getWxCode, async (request) =>
      ok({ url: await wechat.authorizeUrl(request.company.id, { protocol: request.protocol, host: request.host }, request.body.url) }),
    );

    // A redirect, not an answer: outside the contract, its policy in the access-policy table.
    app.get(
      SHARE_CALLBACK_PATH,
      {
        config: { auth: 'none' },
        schema: {
          tags: ['wechat'],
          summary: 'WeChat OAuth callback of shared pages: redirects to the page with openid appended',
          querystring: callbackQuery,
        },
      },
      async (request, reply) => {
        // A path only (safeReturnPath): the browser stays on the host WeChat sent it to.
        const location = await wechat.shareCallbackLocation(request.host, request.query, request.clientKey);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
  };
