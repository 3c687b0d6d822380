import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom, type EndpointHandler } from '../../lib/endpoint-route';
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
  (accounts: WechatAccountService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.wechat.wxCode, async (request, reply) => {
      const { url, nonce } = await accounts.loginAuthorizeUrl(request.company, origin(request), request.body.url);
      setNonceCookie(request, reply, nonce, OAUTH_STATE_TTL_MS / 1000);
      return ok({ url });
    });

    const signByWx: EndpointHandler<typeof api.wechat.signByWx> = async (request, reply) => {
      const init = await accounts.signInByCode(request.company, request.body, readNonceCookie(request), request.clientKey);
      setNonceCookie(request, reply, '', 0);
      return ok(init, '登录成功');
    };
    // The spec names both paths for the same call (part 2, section 7).
    routeFrom(app, api.wechat.signByWx, signByWx);
    routeFrom(app, api.wechat.wxLogin, (request, reply) => signByWx(request, reply));

    routeFrom(app, api.wechat.bindWx, async (request) =>
      ok(await accounts.bindAuthorizeUrl(currentUser(request), origin(request), request.body.url)),
    );

    routeFrom(app, api.wechat.bindWxCode, async (request) =>
      ok(await accounts.bindByCode(currentUser(request), request.body), messages.wechat.bindSuccess),
    );

    // GET (closeWx of the spec) and POST both unbind.
    const wechatOut: EndpointHandler<typeof api.wechat.wechatOut> = async (request) =>
      ok(await accounts.unbind(currentUser(request)), messages.wechat.unbindSuccess);
    routeFrom(app, api.wechat.wechatOut, wechatOut);
    routeFrom(app, api.wechat.wechatOutPost, (request, reply) => wechatOut(request, reply));
  };
