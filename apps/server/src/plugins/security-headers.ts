import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer: helmet's defaults but these (docs/decisions/032). */
export const SECURITY_HEADER_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd-mobile sets CSS variables and positions through inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The app is served over plain http on a LAN as well: HSTS only on https (registerSecurityHeaders).
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * AMap JS API 2.0's hosts, allowed only where a maps key is configured (AMAP_KEY: the mobile
 * 位置 tab and the console's map picker load it): the loader and its scripts from webapi.amap.com
 * and the other *.amap.com hosts, its data over XHR/fetch, the tiles from *.is.autonavi.com and
 * *.amap.com, and the workers it makes from blob: URLs (docs/decisions/043).
 */
const AMAP_SCRIPT_HOSTS = ['https://*.amap.com'];
const AMAP_DATA_HOSTS = ['https://*.amap.com', 'https://*.autonavi.com'];

/** The app's options for this deployment: SECURITY_HEADER_OPTIONS, widened for AMap when a maps key is set. */
export function securityHeaderOptions({ maps }: { maps: boolean }): Readonly<HelmetOptions> {
  if (!maps) return SECURITY_HEADER_OPTIONS;
  const csp = SECURITY_HEADER_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[] | null> };
  const directives = csp.directives as { scriptSrc: string[]; imgSrc: string[]; connectSrc: string[] };
  return {
    ...SECURITY_HEADER_OPTIONS,
    contentSecurityPolicy: {
      directives: {
        ...csp.directives,
        scriptSrc: [...directives.scriptSrc, ...AMAP_SCRIPT_HOSTS],
        imgSrc: [...directives.imgSrc, ...AMAP_DATA_HOSTS],
        connectSrc: [...directives.connectSrc, ...AMAP_DATA_HOSTS],
        workerSrc: ["'self'", 'blob:'],
      },
    },
  };
}

/**
 * The headers helmet(options) sets, by name in lower case: its middleware run once against a
 * recorder. Only for options that do not depend on the request: a CSP directive given as a
 * function (a nonce, say) is refused.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.flat().some((value) => typeof value === 'function')) {
    throw new Error('security headers are computed once: a CSP directive cannot depend on the request');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return recorder;
    },
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Strict-Transport-Security of an answer over https (docs/decisions/061): a year, this host only
 * (a company's other subdomains may still serve plain http), no preload.
 */
export const HSTS = 'max-age=31536000';

/**
 * Sets helmet's headers on every answer of the routes that follow (API answers, files, the
 * index page, errors, 404s), computed once at start: @fastify/helmet ran helmet(options),
 * parsing the whole CSP again, on every request.
 *
 * HSTS only where the request came over https: the app listens on plain http, so that is
 * behind a TLS proxy that TRUST_PROXY names and that says `X-Forwarded-Proto: https` (Fastify's
 * `request.protocol` believes the header from a trusted peer only). Never on plain http, where
 * the header would pin a LAN deployment to an https it does not have.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions> = SECURITY_HEADER_OPTIONS): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
