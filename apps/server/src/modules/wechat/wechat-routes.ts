import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { jsSdkConfigSchema, jsSdkQuerySchema, wxCodeQuerySchema, wxCodeResultSchema } from '@baobei/shared/schemas/wechat';
import { text } from '@baobei/shared/schemas/fields';
import { ok } from '../../lib/envelope';
import { SHARE_CALLBACK_PATH, type WechatService } from './wechat-service';

const callbackQuery = z.object({
  code: text('微信授权码', 512),
  state: text('授权状态', 512),
});

export const wechatRoutes =
  (wechat: WechatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/wechat/get-js-sdk',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['wechat'],
          summary: 'JS-SDK configuration (wx.config) signed for a page URL',
          body: jsSdkQuerySchema,
          response: { 200: envelopeSchema(jsSdkConfigSchema) },
        },
      },
      async (request) => ok(await wechat.jsSdkConfig(request.body.url)),
    );

    app.post(
      '/api/login/get-wx-code',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['wechat'],
          summary: 'WeChat authorization address (snsapi_base) that returns to a shared page with openid',
          body: wxCodeQuerySchema,
          response: { 200: envelopeSchema(wxCodeResultSchema) },
        },
      },
      async (request) => ok({ url: wechat.authorizeUrl({ protocol: request.protocol, host: request.host }, request.body.url) }),
    );

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
        const location = await wechat.shareCallbackLocation(request.host, request.query);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
  };
