import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadKeyOf } from '@baobei/shared/rules/upload-url';
import { company } from '../../db/schema';
import { createTestApp, HOSTS, type TestApp } from '../../test/test-app';
import { createIconCache, iconVersion, parseIconFile, type RenderedIcon } from './web-app-icons';
import { webAppManifest } from './web-app-manifest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const manifestOf = (host: string) => t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });

describe('GET /manifest.webmanifest (decision 094)', () => {
  it('names the app and draws its icons from the brand of the host’s company', async () => {
    for (const host of [HOSTS.localhost, HOSTS.second]) {
      const [row] = await t.database.db.select().from(company).where(eq(company.id, await t.companyIdOf(host)));
      const res = await manifestOf(host);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/manifest+json');
      expect(res.headers['cache-control']).toBe('no-cache');
      const manifest = res.json();
      expect(manifest).toMatchObject({ name: row!.title, short_name: row!.title, start_url: '/home', display: 'standalone', theme_color: row!.color });
      expect(manifest.icons.map((icon: { src: string }) => icon.src)).toContain(row!.logo);
    }
    const [a, b] = await Promise.all([manifestOf(HOSTS.localhost), manifestOf(HOSTS.second)]);
    expect(a.json().name).not.toBe(b.json().name);
  });

  it('follows a change of the brand at once', async () => {
    const id = await t.companyIdOf(HOSTS.localhost);
    const [before] = await t.database.db.select().from(company).where(eq(company.id, id));
    try {
      await t.database.db.update(company).set({ title: '新品牌报备', logo: '/uploads/2026/12/logo.png' }).where(eq(company.id, id));
      const manifest = (await manifestOf(HOSTS.localhost)).json();
      expect(manifest.name).toBe('新品牌报备');
      expect(manifest.icons).toContainEqual({ src: '/uploads/2026/12/logo.png', sizes: 'any', type: 'image/png', purpose: 'any' });
      // The drawn icons' URLs change with the logo, so a browser's cached icon is not used.
      const version = new URL(manifest.icons[0].src, 'http://x').searchParams.get('v');
      expect(version).toBe(iconVersion({ ...before!, title: '新品牌报备', logo: '/uploads/2026/12/logo.png' }));
      expect(version).not.toBe(iconVersion(before!));
    } finally {
      await t.database.db.update(company).set({ title: before!.title, logo: before!.logo }).where(eq(company.id, id));
    }
  });

  it('answers 404 for a host no company serves', async () => {
    const res = await manifestOf('unknown.example.com');
    expect(res.statusCode).toBe(404);
  });

  it('types an SVG logo and keeps one icon when logo and favicon are the same file', () => {
    const manifest = webAppManifest({ title: '报备', color: '', logo: '/assets/demo/logo.svg', favicon: '/assets/demo/logo.svg' });
    expect(manifest.theme_color).toBe('#ffffff');
    expect(manifest.icons.filter((icon) => icon.type !== 'image/png')).toEqual([
      { src: '/assets/demo/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
  });
});

const iconOf = (host: string, file: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/manifest-icon-${file}`, headers: { host, ...headers } });

/** The PNG's decoded size and the colour of one pixel (`#rrggbb`). */
async function decode(png: Buffer, at: { x: number; y: number } = { x: 0, y: 0 }) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (at.y * info.width + at.x) * info.channels;
  const colour = `#${[0, 1, 2].map((c) => data[i + c]!.toString(16).padStart(2, '0')).join('')}`;
  return { width: info.width, height: info.height, colour, format: (await sharp(png).metadata()).format };
}

/** Sets brand fields of a company for the time of `work`, then puts the row back. */
async function withBrand(host: string, fields: Partial<typeof company.$inferInsert>, work: () => Promise<void>) {
  const id = await t.companyIdOf(host);
  const [before] = await t.database.db.select().from(company).where(eq(company.id, id));
  try {
    await t.database.db.update(company).set(fields).where(eq(company.id, id));
    await work();
  } finally {
    await t.database.db.update(company).set({ title: before!.title, color: before!.color, logo: before!.logo, favicon: before!.favicon }).where(eq(company.id, id));
  }
}

describe('GET /manifest-icon-*.png (decision 094, icons)', () => {
  it('lists 192 and 512 px PNG icons first, for any launcher and maskable', async () => {
    const [row] = await t.database.db.select().from(company).where(eq(company.id, await t.companyIdOf(HOSTS.localhost)));
    const v = iconVersion(row!);
    const { icons } = (await manifestOf(HOSTS.localhost)).json();
    expect(icons.slice(0, 4)).toEqual([
      { src: `/manifest-icon-192.png?v=${v}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/manifest-icon-512.png?v=${v}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/manifest-icon-maskable-192.png?v=${v}`, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: `/manifest-icon-maskable-512.png?v=${v}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('draws each listed icon from the host’s logo: a PNG of its size, cached a day with an ETag', async () => {
    const { icons } = (await manifestOf(HOSTS.localhost)).json();
    for (const icon of icons.filter((i: { type: string }) => i.type === 'image/png') as { src: string; sizes: string; purpose: string }[]) {
      const res = await t.app.inject({ method: 'GET', url: icon.src, headers: { host: HOSTS.localhost } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const size = Number(icon.sizes.split('x')[0]);
      const png = await decode(res.rawPayload);
      expect(png).toMatchObject({ width: size, height: size, format: 'png' });
      // The demo logo (an SVG of apps/server/assets/demo) on white, its brand blue at the centre.
      expect(png.colour).toBe('#ffffff');
      expect((await decode(res.rawPayload, { x: size / 2, y: size / 4 })).colour).not.toBe('#ffffff');
    }
  });

  it('answers again from its cache: the same ETag, and 304 to If-None-Match', async () => {
    const first = await iconOf(HOSTS.localhost, '192.png');
    const again = await iconOf(HOSTS.localhost, '192.png');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const unchanged = await iconOf(HOSTS.localhost, '192.png', { 'if-none-match': first.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
  });

  it('gives each host its own company’s icons', async () => {
    for (const file of ['192.png', '512.png', 'maskable-512.png']) {
      const [a, b] = await Promise.all([iconOf(HOSTS.localhost, file), iconOf(HOSTS.second, file)]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.headers.etag).not.toBe(b.headers.etag);
    }
  });

  it('draws an uploaded logo, and keeps the drawn icon when the file is gone', async () => {
    const id = await t.companyIdOf(HOSTS.localhost);
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const { url } = await t.app.uploadService.saveImage(id, null, red, 'console');
    await withBrand(HOSTS.localhost, { logo: url, color: '#123456' }, async () => {
      const res = await iconOf(HOSTS.localhost, '512.png');
      expect(res.statusCode).toBe(200);
      const png = await decode(res.rawPayload, { x: 256, y: 256 });
      expect(png).toMatchObject({ width: 512, height: 512, colour: '#ff0000' });
      // 300×200 fitted into 80% of the side: white above and below it.
      expect((await decode(res.rawPayload, { x: 256, y: 100 })).colour).toBe('#ffffff');

      await t.app.uploadService.storage.remove(uploadKeyOf(url)!, 'public');
      const cached = await iconOf(HOSTS.localhost, '512.png');
      expect(cached.headers.etag).toBe(res.headers.etag);
      // A size not drawn yet meets the missing file: the plain icon, the brand colour to the edge.
      const plain = await iconOf(HOSTS.localhost, '192.png');
      expect(plain.statusCode).toBe(200);
      expect(await decode(plain.rawPayload)).toMatchObject({ width: 192, height: 192, colour: '#123456' });
    });
  });

  it('draws the plain icon, the brand colour, for a logo it cannot read', async () => {
    for (const logo of ['https://cdn.example.com/logo.png', '/assets/demo/no-such-logo.svg', '/assets/demo/../../package.json', '']) {
      await withBrand(HOSTS.second, { logo, favicon: '', color: '#0a8a3c' }, async () => {
        for (const [file, size] of [['192.png', 192], ['maskable-512.png', 512]] as const) {
          const res = await iconOf(HOSTS.second, file);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('image/png');
          expect(await decode(res.rawPayload)).toMatchObject({ width: size, height: size, colour: '#0a8a3c', format: 'png' });
        }
      });
    }
    // No valid brand colour: white.
    await withBrand(HOSTS.second, { logo: '', favicon: '', color: '' }, async () => {
      expect((await decode((await iconOf(HOSTS.second, '512.png')).rawPayload)).colour).toBe('#ffffff');
    });
  });

  it('falls back to the favicon without a logo', async () => {
    await withBrand(HOSTS.second, { logo: '', favicon: '/assets/demo/favicon-haikou.svg', color: '#0a8a3c' }, async () => {
      const res = await iconOf(HOSTS.second, '192.png');
      // The favicon on white, not the plain green icon.
      expect(await decode(res.rawPayload)).toMatchObject({ width: 192, height: 192, colour: '#ffffff' });
    });
  });

  it('answers 404 for any other size or name, and for a host no company serves', async () => {
    for (const file of ['256.png', '0192.png', 'maskable-64.png', '192.jpg', '.png', 'any-192.png', '192.png.br']) {
      expect((await iconOf(HOSTS.localhost, file)).statusCode, file).toBe(404);
    }
    expect((await iconOf('unknown.example.com', '192.png')).statusCode).toBe(404);
  });

  it('keeps at most its limit of icons, dropping the least recently used, and not a passing drawing', async () => {
    const icon = (lasting = true): Promise<RenderedIcon> => Promise.resolve({ png: Buffer.from('x'), etag: '"x"', lasting });
    const cache = createIconCache(2);
    let draws = 0;
    const draw = (lasting = true) => () => {
      draws += 1;
      return icon(lasting);
    };
    await cache.iconOf('a', draw());
    await cache.iconOf('b', draw());
    await cache.iconOf('a', draw()); // a is now the most recent
    await cache.iconOf('c', draw()); // drops b
    expect(draws).toBe(3);
    await cache.iconOf('a', draw());
    expect(draws).toBe(3);
    await cache.iconOf('b', draw());
    expect(draws).toBe(4);
    await cache.iconOf('p', draw(false));
    await Promise.resolve();
    await cache.iconOf('p', draw(false));
    expect(draws).toBe(6);
    expect(cache.size).toBeLessThanOrEqual(2);
  });

  it('reads only its sizes from a file name', () => {
    expect(parseIconFile('192.png')).toEqual({ size: 192, purpose: 'any' });
    expect(parseIconFile('maskable-512.png')).toEqual({ size: 512, purpose: 'maskable' });
    expect(parseIconFile('1024.png')).toBeNull();
  });
});
