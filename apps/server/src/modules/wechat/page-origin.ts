import { messages } from '@baobei/shared/messages';
import { ValidationError } from '../../lib/errors';
import { normaliseHost } from '../../plugins/tenant';

/** What a route knows of where a request came in: its protocol (after TRUST_PROXY) and its Host header. */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

/** A company's configured hosts (the company module's `hostsOf`). */
export type CompanyHosts = (companyId: number) => Promise<string[]>;

/**
 * The page WeChat is to send a user back to, only on one of the company's configured hosts
 * (docs/decisions/059). The Host header and the page URL are the client's to write; neither
 * chooses where WeChat carries a code:
 * - an absolute URL must be http(s) of the request's own protocol, without user info, on a
 *   configured host (the port is the page's own: a host names a machine, not a port);
 * - a path alone (the share page sends one) is taken on the request's Host, which must then be
 *   a configured host itself.
 * Anything else is a 400: `页面地址不正确` for what is not a page address of this protocol,
 * `页面地址不属于本站，无法进行微信授权` for a host the company does not have.
 */
export async function pageOnCompanyHost(
  pageUrl: string,
  request: RequestOrigin,
  companyId: number,
  hostsOf: CompanyHosts,
  options: { allowPath: boolean },
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    if (!options.allowPath || !pageUrl.startsWith('/')) throw new ValidationError(messages.wechat.urlInvalid);
    try {
      url = new URL(pageUrl, `${request.protocol}://${request.host}`);
    } catch {
      // The path is fine; the Host header is not a host name at all.
      throw new ValidationError(messages.wechat.hostNotAllowed);
    }
  }
  const host = normaliseHost(url.host);
  if (!host || !(await hostsOf(companyId)).includes(host)) throw new ValidationError(messages.wechat.hostNotAllowed);
  if (url.protocol !== `${request.protocol}:` || url.username || url.password) throw new ValidationError(messages.wechat.urlInvalid);
  return url;
}
