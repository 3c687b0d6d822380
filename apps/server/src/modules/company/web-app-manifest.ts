import type { FastifyPluginAsync } from 'fastify';
import type { Company } from '@baobei/shared/schemas/company';
import type { CompanyService } from './company-service';
import { manifestIcons } from './web-app-icons';

/** Where the web app's index page links its manifest (apps/web/index.html). */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The image type of a logo by its file name; a name without one is left to the browser. */
function imageType(src: string): string | undefined {
  const ext = /\.(png|jpe?g|webp|gif|svg)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase();
  if (!ext) return undefined;
  return ext === 'svg' ? 'image/svg+xml' : `image/${ext === 'jpg' ? 'jpeg' : ext}`;
}

/**
 * The installable web app's manifest (issue 33, item 6; docs/decisions/094) from the brand of
 * the page host's company: its title as name and short name, its theme colour, its icons. Per
 * host, as the brand is (decision 001), so it is served, not built. The PNG icons drawn from the
 * logo come first (web-app-icons.ts: Chrome installs only with 192 and 512 px ones), then the
 * logo and favicon themselves.
 */
export function webAppManifest(brand: Pick<Company, 'title' | 'color' | 'logo' | 'favicon'>) {
  const icons = [
    ...manifestIcons(brand),
    ...[...new Set([brand.logo, brand.favicon].filter(Boolean))].map((src) => ({
      src,
      sizes: 'any',
      ...(imageType(src) ? { type: imageType(src) } : {}),
      purpose: 'any',
    })),
  ];
  return {
    name: brand.title,
    short_name: brand.title,
    lang: 'zh-CN',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: '#f5f6f8',
    theme_color: brand.color || '#ffffff',
    icons,
  };
}

/** GET /manifest.webmanifest: the host's manifest; an unknown host 404, as its branding is. */
export const manifestRoute =
  (companies: Pick<CompanyService, 'brandingByHost'>): FastifyPluginAsync =>
  async (app) => {
    app.get(MANIFEST_PATH, async (request, reply) => {
      const brand = await companies.brandingByHost(request.hostname);
      // Revalidated each time: a console change of the brand shows at the next install.
      return reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(JSON.stringify(webAppManifest(brand)));
    });
  };
