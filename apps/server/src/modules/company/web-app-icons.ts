import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { messages } from '@baobei/shared/messages';
import { HEX_COLOUR } from '@baobei/shared/rules/console-fields';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import type { Company } from '@baobei/shared/schemas/company';
import { NotFoundError } from '../../lib/errors';
import { MAX_IMAGE_PIXELS } from '../upload/image-processing';
import type { UploadStorage } from '../upload/storage/upload-storage';
import type { CompanyService } from './company-service';

/**
 * The installable web app's PNG icons (issue 33, item 6; docs/decisions/094, "Icons"): Chrome
 * installs an app only with a 192 and a 512 px icon, and a company's logo is usually an SVG or
 * an upload of any size, so the server draws them from the brand of the page host's company.
 */

export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];
export type IconPurpose = 'any' | 'maskable';

/** The brand fields an icon is drawn from. */
export type IconBrand = Pick<Company, 'title' | 'color' | 'logo' | 'favicon'>;

/** `/manifest-icon-192.png`, `/manifest-icon-maskable-512.png`. */
export function iconPath(size: IconSize, purpose: IconPurpose): string {
  return `/manifest-icon-${purpose === 'maskable' ? 'maskable-' : ''}${size}.png`;
}

const ICON_FILE = /^(maskable-)?(\d+)\.png$/;

/** The size and purpose a `/manifest-icon-<file>` names; null for any other file. */
export function parseIconFile(file: string): { size: IconSize; purpose: IconPurpose } | null {
  const match = ICON_FILE.exec(file);
  const size = ICON_SIZES.find((s) => String(s) === match?.[2]);
  return match && size ? { size, purpose: match[1] ? 'maskable' : 'any' } : null;
}

/**
 * The logo's share of the icon's side. 'any': a 10% margin, as launchers show the whole square.
 * 'maskable': the logo inside the safe zone, the centred circle of 80% diameter a launcher never
 * cuts (a square fits it at 80% / √2 ≈ 56%); the brand's background fills the rest to the edge.
 */
const LOGO_SHARE: Record<IconPurpose, number> = { any: 0.8, maskable: 0.56 };

/** The picture an icon is drawn from: the logo, else the favicon. */
export function iconSource(brand: IconBrand): string {
  return brand.logo || brand.favicon;
}

/**
 * A short hash of what the icons are drawn from: the manifest's icon URLs carry it (`?v=`), so a
 * console change of the brand is a new URL and the browser's day-long cached icon is not used.
 */
export function iconVersion(brand: IconBrand): string {
  return createHash('sha1').update([iconSource(brand), brand.color, brand.title].join('\n')).digest('base64url').slice(0, 10);
}

/** The manifest's PNG icons, 'any' then 'maskable', each size. */
export function manifestIcons(brand: IconBrand) {
  const version = iconVersion(brand);
  return (['any', 'maskable'] as const).flatMap((purpose) =>
    ICON_SIZES.map((size) => ({ src: `${iconPath(size, purpose)}?v=${version}`, sizes: `${size}x${size}`, type: 'image/png', purpose })),
  );
}

/** Where pictures the icons may be drawn from are read. */
export interface IconSources {
  storage: Pick<UploadStorage, 'read'>;
  /** The folder of the demo media served at /assets/demo/ (apps/server/assets/demo). */
  demoAssets: string;
}

const DEMO_PREFIX = '/assets/demo/';
/** A file right in the demo folder: no sub-folder, no `..`. */
const DEMO_FILE = /^[\w-]+(?:\.[\w-]+)*$/;

/**
 * The bytes of a picture the icons may be drawn from: a public upload (disk or bucket) or a demo
 * picture; null for anything else (an external URL is not fetched: the server would be made to
 * request any address) and for a file that is not there. A storage failure throws.
 */
export async function readIconSource(url: string, sources: IconSources): Promise<Buffer | null> {
  const key = uploadKeyOf(url);
  if (key) return sources.storage.read(key, 'public');
  if (!url.startsWith(DEMO_PREFIX)) return null;
  const name = url.slice(DEMO_PREFIX.length).split(/[?#]/)[0] ?? '';
  if (!DEMO_FILE.test(name)) return null;
  return readFile(path.join(sources.demoAssets, name)).catch(() => null);
}

const WHITE = '#ffffff';

/** Dark text on a light background, white on a dark one (relative luminance, WCAG). */
function textColourOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#1f1f1f' : WHITE;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const glyphChecks = new Map<string, Promise<boolean>>();

/**
 * Whether an installed font draws the character (fontconfig, as the SVG renderer finds fonts).
 * Without one the renderer draws a box with its code in it; without fontconfig's tools, no.
 */
function fontDraws(char: string): Promise<boolean> {
  let known = glyphChecks.get(char);
  if (!known) {
    known = new Promise((resolve) => {
      execFile('fc-list', [`:charset=${char.codePointAt(0)!.toString(16)}`, 'family'], { timeout: 5000 }, (error, stdout) =>
        resolve(!error && stdout.trim() !== ''),
      );
    });
    // A company title's first characters: a few; the bound only guards against many companies.
    if (glyphChecks.size >= 256) glyphChecks.clear();
    glyphChecks.set(char, known);
  }
  return known;
}

/**
 * The plain icon, when the logo cannot be read: the brand colour (white without a valid one)
 * with the title's first character, when a font draws it, in the logo's place.
 */
async function plainIcon(brand: IconBrand, size: IconSize, purpose: IconPurpose): Promise<Buffer> {
  const background = HEX_COLOUR.test(brand.color) ? brand.color : WHITE;
  const first = Array.from(brand.title.trim())[0];
  const letter = first && (await fontDraws(first)) ? first : '';
  const fontSize = Math.round(size * LOGO_SHARE[purpose] * 0.6);
  const text = letter
    ? `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-size="${fontSize}" font-weight="bold" fill="${textColourOn(background)}" font-family="Noto Sans CJK SC,PingFang SC,Microsoft YaHei,sans-serif">${escapeXml(letter)}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${background}"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background }).png().toBuffer();
}

/**
 * The logo fitted into its share of the icon (its proportions kept), centred on white: logos are
 * drawn to be seen on the app's light pages (login, 关于我们), and a launcher wants no transparency.
 * An SVG is drawn at the density that makes it that size, not scaled up from its own size.
 * Throws when the bytes are no picture sharp reads.
 */
async function logoIcon(picture: Buffer, size: IconSize, purpose: IconPurpose): Promise<Buffer> {
  const box = Math.round(size * LOGO_SHARE[purpose]);
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 } as const;
  const meta = await sharp(picture, input).metadata();
  const side = Math.max(meta.width ?? 0, meta.height ?? 0);
  if (!side) throw new Error('picture without a size');
  const density = meta.format === 'svg' ? Math.min(2400, Math.max(72, Math.ceil((72 * box) / side))) : undefined;
  const logo = await sharp(picture, { ...input, ...(density ? { density } : {}) })
    .resize(box, box, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: WHITE } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export interface RenderedIcon {
  png: Buffer;
  /** A hash of the PNG itself: the same bytes, the same tag, whichever instance drew them. */
  etag: string;
  /** False when the logo could not be read for now (storage failed): drawn plain, not kept. */
  lasting: boolean;
}

/** Draws one icon of the brand: its logo, else the plain icon. */
export async function renderIcon(brand: IconBrand, size: IconSize, purpose: IconPurpose, sources: IconSources): Promise<RenderedIcon> {
  let picture: Buffer | null = null;
  let lasting = true;
  try {
    picture = await readIconSource(iconSource(brand), sources);
  } catch {
    lasting = false;
  }
  let png: Buffer | null = null;
  if (picture) {
    // A file that is no picture (or too large a one) is drawn plain, as a missing one is.
    png = await logoIcon(picture, size, purpose).catch(() => null);
  }
  png ??= await plainIcon(brand, size, purpose);
  return { png, etag: `"${createHash('sha1').update(png).digest('base64url')}"`, lasting };
}

/**
 * Drawn icons, the least recently used dropped beyond `limit`. A drawing is kept from its start,
 * so requests arriving while it runs share it; a failed or passing one is not kept.
 */
export function createIconCache(limit: number) {
  const icons = new Map<string, Promise<RenderedIcon>>();
  return {
    get size() {
      return icons.size;
    },
    iconOf(key: string, draw: () => Promise<RenderedIcon>): Promise<RenderedIcon> {
      const kept = icons.get(key);
      if (kept) {
        icons.delete(key);
        icons.set(key, kept);
        return kept;
      }
      const drawn = draw();
      icons.set(key, drawn);
      if (icons.size > limit) icons.delete(icons.keys().next().value!);
      const forget = () => {
        if (icons.get(key) === drawn) icons.delete(key);
      };
      drawn.then((icon) => {
        if (!icon.lasting) forget();
      }, forget);
      return drawn;
    },
  };
}

/** A day: the manifest names each brand's icons by version (`?v=`), so a change is a new URL. */
export const ICON_CACHE_CONTROL = 'public, max-age=86400';
/** What a logo that could not be read for now is answered with: asked again next time. */
const PASSING_CACHE_CONTROL = 'no-cache';
/** 4 icons a company: 16 companies' worth, each icon a few dozen KB at most. */
const ICON_CACHE_LIMIT = 64;

/**
 * GET /manifest-icon-{192,512}.png and /manifest-icon-maskable-{192,512}.png: the page host's
 * icons (an unknown host 404, as its manifest); any other /manifest-icon- file 404 even where
 * the web app answers unknown paths with its page.
 */
export const iconRoutes =
  (companies: Pick<CompanyService, 'brandingByHost'>, sources: IconSources): FastifyPluginAsync =>
  async (app) => {
    const cache = createIconCache(ICON_CACHE_LIMIT);
    app.get<{ Params: { file: string } }>('/manifest-icon-:file', async (request, reply) => {
      const icon = parseIconFile(request.params.file);
      if (!icon) throw new NotFoundError(messages.common.notFound);
      const brand = await companies.brandingByHost(request.hostname);
      const key = [brand.companyId, iconSource(brand), brand.color, brand.title, icon.purpose, icon.size].join('\n');
      const drawn = await cache.iconOf(key, () => renderIcon(brand, icon.size, icon.purpose, sources));
      reply.header('cache-control', drawn.lasting ? ICON_CACHE_CONTROL : PASSING_CACHE_CONTROL).header('etag', drawn.etag);
      const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
      if (known.includes(drawn.etag)) return reply.code(304).send();
      return reply.type('image/png').send(drawn.png);
    });
  };
