import { api } from '@baobei/shared/contract';

/**
 * What the service worker may keep for opening without a network (issue 33, item 6;
 * docs/decisions/094): only answers that carry no personal data. Pure, so a unit test holds the
 * list to the API contract (each a GET that needs no session).
 *
 * - The company's branding, the visitors' init data and home's index data (banners, columns of
 *   listings): the same for every visitor of a host.
 * - Listing and demo pictures: public files (a private picture is served with a signature,
 *   `sig=`, and never kept; DECISIONS.md, private pictures).
 *
 * - The pages themselves: the server writes into them only what any visitor of the host gets
 *   (its start data and first screens are asked anonymously; web-static.ts).
 *
 * Report lists and details, customers and the signed-in init data are personal: never here.
 */
export const OFFLINE_API_PATHS: readonly string[] = [api.home.getCompany.path, api.auth.getCommonInitConfig.path, api.home.getIndexData.path];

export function isOfflineApi(url: URL): boolean {
  return OFFLINE_API_PATHS.includes(url.pathname);
}

export function isPublicPicture(url: URL): boolean {
  if (url.searchParams.has('sig')) return false;
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/uploads/');
}

/** Paths the app shell never answers: the API, the console, files. */
export const NOT_APP_PAGES: readonly RegExp[] = [/^\/api\//, /^\/admin(\/|$)/, /^\/uploads\//, /^\/assets\//];
