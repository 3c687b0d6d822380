import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { initConfigSchema } from '@baobei/shared/schemas/session';
import {
  bindWxCodeSchema,
  bindWxResultSchema,
  signByWxSchema,
  wxAuthorizeQuerySchema,
  wxCodeResultSchema,
} from '@baobei/shared/schemas/wechat';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { LOGIN_NONCE_COOKIE, OAUTH_STATE_TTL_MS, type WechatAccountService } from './wechat-account-service';

/** The nonce cookie: only our API reads it, never script; it lives as long as the state. */
function setNonceCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${LOGIN_NONCE_COOKIE}=${value}; Path=/api/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`,
  );
}

function readNonceCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LOGIN_NONCE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

const origin = (request: FastifyRequest) => ({ protocol: request.protocol, host: request.host });

export const wechatAccountRoutes =
  (accounts: WechatAccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/login/wx-code',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['wechat'],
          summary: 'WeChat authorization address for signing in; returns to the given /authorization URL with code and state',
          body: wxAuthorizeQuerySchema,
          response: { 200: envelopeSchema(wxCodeResultSchema) },
        },
      },
      async (request, reply) => {
        const { url, nonce } = await accounts.loginAuthorizeUrl(request.company, origin(request), request.body.url);
        setNonceCookie(request, reply, nonce, OAUTH_STATE_TTL_MS / 1000);
        return ok({ url });
      },
    );

    const signByWx = async (request: FastifyRequest<{ Body: { wxCode: string; state: string } }>, reply: FastifyReply) => {
      const init = await accounts.signInByCode(request.company, request.body, readNonceCookie(request));
      setNonceCookie(request, reply, '', 0);
      return ok(init, '登录成功');
    };
    // The spec names both paths for the same call (part 2, section 7).
    for (const path of ['/api/login/sign-by-wx', '/api/wechat/wx-login']) {
      app.post(
        path,
        {
          config: { auth: 'none' },
          schema: {
            tags: ['wechat'],
            summary: 'Sign in with the code WeChat returned (the state must be this browser’s); 404 when no account is bound',
            body: signByWxSchema,
            response: { 200: envelopeSchema(initConfigSchema) },
          },
        },
        signByWx,
      );
    }

    app.post(
      '/api/user/bind-wx',
      {
        schema: {
          tags: ['wechat'],
          summary: 'WeChat authorization address for binding the signed-in account; 409 when one is bound already',
          body: wxAuthorizeQuerySchema,
          response: { 200: envelopeSchema(wxCodeResultSchema) },
        },
      },
      async (request) => ok(await accounts.bindAuthorizeUrl(currentUser(request), origin(request), request.body.url)),
    );

    app.post(
      '/api/user/bind-wx-code',
      {
        schema: {
          tags: ['wechat'],
          summary: 'Bind the WeChat of the returned code to the signed-in account (the state must be this session’s)',
          body: bindWxCodeSchema,
          response: { 200: envelopeSchema(bindWxResultSchema) },
        },
      },
      async (request) => ok(await accounts.bindByCode(currentUser(request), request.body), messages.wechat.bindSuccess),
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/api/user/wechat-out',
      schema: {
        tags: ['wechat'],
        summary: 'Unbind the WeChat of the signed-in account',
        response: { 200: envelopeSchema(bindWxResultSchema) },
      },
      handler: async (request) => ok(await accounts.unbind(currentUser(request)), messages.wechat.unbindSuccess),
    });
  };
