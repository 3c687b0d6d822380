import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { budgetFor, chunkKeyOf, firstLoadFiles, formatTable, measureFirstLoad, routePages } from './first-load.mjs';

/**
 * A small build manifest: the entry imports react and a shared chunk; home imports the shared
 * chunk (again), a chunk of its own and, dynamically, a popup; the not-found page landed in a
 * shared chunk of its own name (no `src`), reached only through a dynamic import.
 */
const manifest = {
  'index.html': {
    file: 'static/index-a.js',
    isEntry: true,
    imports: ['_react-b.js', '_common-c.js'],
    dynamicImports: ['src/features/home/pages/home-page.tsx', '_not-found-page-g.js'],
    css: ['static/index-a.css'],
  },
  '_react-b.js': { file: 'static/react-b.js' },
  '_common-c.js': { file: 'static/common-c.js', imports: ['_react-b.js'], css: ['static/common-c.css'] },
  'src/features/home/pages/home-page.tsx': {
    file: 'static/home-page-d.js',
    isDynamicEntry: true,
    imports: ['_common-c.js', '_swiper-e.js', 'index.html'],
    dynamicImports: ['src/features/home/components/popup.tsx'],
    css: ['static/home-page-d.css'],
  },
  '_swiper-e.js': { file: 'static/swiper-e.js', imports: ['_react-b.js'] },
  'src/features/home/components/popup.tsx': { file: 'static/popup-f.js', isDynamicEntry: true, imports: ['_react-b.js'] },
  '_not-found-page-g.js': { file: 'static/not-found-page-g.js', name: 'not-found-page', imports: ['_common-c.js'] },
};

const router = `
const notFound = lazyPage(() => import('./pages/not-found-page'), (m) => m.NotFoundPage);
const pages: Record<RouteName, PageLoader> = {
  home: lazyPage(() => import('../features/home/pages/home-page'), (m) => m.HomePage),
  houseShareDetail: lazyPage(
    () => import('../features/house/pages/house-detail-page'),
    (m) => m.HouseDetailPage,
  ),
};`;

describe('first-load manifest walk', () => {
  it('reads each lazy page of the router, multi-line calls too', () => {
    expect([...routePages(router)]).toEqual([
      ['notFound', 'src/app/pages/not-found-page.tsx'],
      ['home', 'src/features/home/pages/home-page.tsx'],
      ['houseShareDetail', 'src/features/house/pages/house-detail-page.tsx'],
    ]);
  });

  it('takes the entry and the page with their static imports, each file once, dynamic imports left out', () => {
    const files = firstLoadFiles(manifest, 'src/features/home/pages/home-page.tsx');
    expect(files.js).toEqual([
      'static/react-b.js',
      'static/common-c.js',
      'static/index-a.js',
      'static/swiper-e.js',
      'static/home-page-d.js',
    ]);
    expect(files.js).not.toContain('static/popup-f.js');
    expect(files.css).toEqual(['static/common-c.css', 'static/index-a.css', 'static/home-page-d.css']);
  });

  it('finds a page the bundler put in a shared chunk by its name', () => {
    expect(chunkKeyOf(manifest, 'src/app/pages/not-found-page.tsx')).toBe('_not-found-page-g.js');
    expect(() => chunkKeyOf(manifest, 'src/app/pages/missing-page.tsx')).toThrow(/no chunk/);
  });

  it('refuses a manifest that names a chunk it does not describe', () => {
    const broken = { ...manifest, '_swiper-e.js': undefined } as unknown as typeof manifest;
    expect(() => firstLoadFiles(broken, 'src/features/home/pages/home-page.tsx')).toThrow(/_swiper-e\.js/);
  });

  it('sums gzip sizes per route against its budget and marks what is over', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'first-load-'));
    mkdirSync(path.join(dir, '.vite'));
    mkdirSync(path.join(dir, 'static'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const sizes = new Map<string, number>();
    for (const chunk of Object.values(manifest)) {
      for (const file of [chunk.file, ...(('css' in chunk && chunk.css) || [])]) {
        // Random bytes do not compress: the gzip size is a little over the length.
        const content = Buffer.from(Array.from({ length: 40_000 }, () => Math.floor(Math.random() * 256)));
        writeFileSync(path.join(dir, file), content);
        sizes.set(file, gzipSync(content, { level: 9 }).length);
      }
    }
    const webRoot = mkdtempSync(path.join(tmpdir(), 'first-load-web-'));
    mkdirSync(path.join(webRoot, 'src/app'), { recursive: true });
    writeFileSync(path.join(webRoot, 'src/app/router.tsx'), router.replace(/houseShareDetail[\s\S]*?\),\n/, ''));
    const rows = measureFirstLoad(dir, webRoot);
    const home = rows.find((row) => row.route === 'home')!;
    const homeFiles = firstLoadFiles(manifest, 'src/features/home/pages/home-page.tsx').js;
    expect(home.js).toBe(homeFiles.reduce((sum, file) => sum + sizes.get(file)!, 0));
    expect(home.files).toBe(5);
    expect(home.budget).toBe(184);
    // Five files of ~39 KiB each: over home's 184 KiB; the not-found page (four files) is under 250.
    expect(home.over).toBe(true);
    expect(rows.find((row) => row.route === 'notFound')).toMatchObject({ files: 4, budget: 250, over: false });
    expect(formatTable(rows)).toMatch(/home\s+\d+\.\d\s+5\s+184\s+[\d.]+\s+OVER BUDGET/);
  });

  it('budgets home at 184 KiB, statistics at 300, any other route at 250', () => {
    expect([budgetFor('home'), budgetFor('statistics'), budgetFor('recordList')]).toEqual([184, 300, 250]);
  });
});
