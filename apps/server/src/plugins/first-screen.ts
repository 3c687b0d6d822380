import { createHash } from 'node:crypto';
import { messages } from '@baobei/shared/messages';

/**
 * The first screen the index page draws before any script runs (decision 033, third pass):
 * for home, the company's header and the first banner of the default city, at the place and
 * size the React page draws them, so the page's largest paint is the HTML's own picture
 * instead of waiting for the app's JS, the session and the index data.
 *
 * It is a fixed layer over `#root` (React renders beneath it, so nothing moves when it goes),
 * presentational only (`aria-hidden`, no controls), and the app removes it when the page it
 * was drawn for shows its content, or at once on any other screen (apps/web/src/lib/first-screen.ts).
 * The sizes below are those of apps/web/src/features/home/components/index-header.module.css
 * and banner-swiper.module.css; the e2e spec home.spec.ts compares the two banners' boxes.
 */

/** The element's id and the attribute naming the route it was drawn for; the web reads both. */
export const FIRST_SCREEN_ID = 'first-screen';

/** What the home first screen needs of the start data (the API's own answers). */
export interface HomeScreenData {
  company: { title?: unknown; logo?: unknown; color?: unknown; gradientColor?: unknown };
  index: {
    city?: { text?: unknown; value?: unknown };
    banners?: { image?: unknown; title?: unknown }[];
    navs?: { title?: unknown }[];
    columns?: { title?: unknown; description?: unknown }[];
  };
}

/** The first banner's picture, as the page requests it (banner-swiper.tsx: the URL as given). */
export function firstBannerImage(index: HomeScreenData['index'] | undefined): string | null {
  const image = index?.banners?.[0]?.image;
  return typeof image === 'string' && image !== '' ? image : null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** lib/theme.ts's DEFAULT_COLOR: antd-mobile's primary. */
const DEFAULT_COLOR = '#1677ff';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The header's gradient as lib/theme.ts's `brandVariables` makes it from the brand colours.
 * Only hex colours are written into the page's CSS (nothing else can reach it); another colour
 * syntax the browser would accept draws the default here until the app applies it.
 */
export function headerGradient(company: HomeScreenData['company']): string {
  const color = typeof company.color === 'string' && HEX.test(company.color) ? company.color : DEFAULT_COLOR;
  const gradient = typeof company.gradientColor === 'string' && HEX.test(company.gradientColor) ? company.gradientColor : color;
  return `linear-gradient(135deg, ${color} 0%, ${gradient} 100%)`;
}

/** The layer and home's header and banner; `--fs-gradient` is set on the layer itself. */
export const FIRST_SCREEN_CSS = [
  `#${FIRST_SCREEN_ID}{position:fixed;top:0;right:0;bottom:0;left:0;z-index:2000;max-width:750px;margin:0 auto;overflow:hidden;background:#f5f6f8}`,
  '.fs-head{padding:calc(env(safe-area-inset-top) + 12px) 14px 52px;background:var(--fs-gradient);color:#fff}',
  '.fs-row{display:flex;align-items:center;justify-content:space-between;gap:10px;min-height:32px}',
  '.fs-brand{display:flex;align-items:center;gap:8px;min-width:0}',
  '.fs-logo{flex:none;height:30px;max-width:88px;border-radius:7px;background:#fff;object-fit:contain}',
  '.fs-title{overflow:hidden;font-size:17px;font-weight:600;letter-spacing:.5px;white-space:nowrap;text-overflow:ellipsis}',
  '.fs-city{box-sizing:border-box;flex:none;display:flex;align-items:center;gap:3px;max-width:40%;height:28px;padding:0 10px;border-radius:14px;background:rgba(255,255,255,.2);font-size:14px}',
  '.fs-city-name{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}',
  '.fs-icon{flex:none;width:15px;height:15px}.fs-arrow{flex:none;width:10px}',
  '.fs-search{box-sizing:border-box;display:flex;align-items:center;gap:8px;width:100%;height:36px;margin-top:12px;padding:0 14px;border-radius:18px;background:#fff;color:#707070;font-size:14px;box-shadow:0 4px 12px rgba(0,0,0,.06)}',
  '.fs-search-icon{flex:none;width:17px;height:17px}',
  '.fs-banner{position:relative;margin:-40px 12px 0;border-radius:12px;overflow:hidden;background:#e9ecf1;box-shadow:0 6px 16px rgba(0,0,0,.08);aspect-ratio:2/1}',
  '.fs-banner img{display:block;width:100%;height:100%;object-fit:cover}',
  // The grid of index-grid.module.css (its icons as blank tiles: no picture before the banner's),
  // the first column's card and its heading, the tab bar of home-page.module.css.
  '.fs-grid{display:grid;grid-template-columns:repeat(4,1fr);row-gap:14px;margin:12px 12px 0;padding:16px 4px 14px;border-radius:12px;background:#fff}',
  '.fs-nav{display:flex;flex-direction:column;align-items:center;gap:6px;height:64px;font-size:12px;line-height:16px;white-space:nowrap}',
  '.fs-nav-icon{width:42px;height:42px;border-radius:12px;background:#eef1f6}',
  '.fs-column{height:236px;margin:12px 12px 0;padding:14px 12px;border-radius:12px;background:#fff}',
  '.fs-column-title{display:block;padding-left:10px;border-left:3px solid var(--fs-color);font-size:16px;font-weight:600;line-height:16px}',
  '.fs-column-desc{display:block;margin-top:9px;padding-left:10px;color:#707070;font-size:12px;line-height:17px}',
  '.fs-tabs{position:absolute;left:0;right:0;bottom:0;display:flex;height:50px;padding-bottom:env(safe-area-inset-bottom);background:#fff;border-top:1px solid #eee}',
  '.fs-tab{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:flex-end;padding-bottom:4px;color:#666;font-size:11px;line-height:15px}',
  '.fs-tab-on{color:var(--fs-color)}',
].join('');

/** banner-swiper.tsx's BANNER_WIDTH and BANNER_HEIGHT. */
const BANNER_SIZE = { width: 750, height: 375 };

/**
 * Home's first screen: the brand, the city the data is for, the search entry's words and the
 * first banner (eager, high priority). Null without a banner: the index's largest paint is then
 * something else, and a header alone gains nothing.
 */
export function homeFirstScreen({ company, index }: HomeScreenData): string | null {
  const image = firstBannerImage(index);
  if (!image) return null;
  const title = typeof company.title === 'string' ? company.title : '';
  const logo = typeof company.logo === 'string' && company.logo !== '' ? company.logo : null;
  const cityName = typeof index.city?.text === 'string' ? index.city.text : '';
  const bannerTitle = index.banners?.[0]?.title;
  // The city it shows: the app removes the layer at once when it shows another.
  const cityId = typeof index.city?.value === 'number' ? ` data-city="${index.city.value}"` : '';
  const navs = (index.navs ?? []).slice(0, 8).map((nav) => `<span class="fs-nav"><span class="fs-nav-icon"></span>${typeof nav.title === 'string' ? escapeHtml(nav.title) : ''}</span>`);
  const column = index.columns?.[0];
  const gradient = headerGradient(company);
  const color = /^linear-gradient\(135deg, (#[0-9a-f]+) /i.exec(gradient)?.[1] ?? DEFAULT_COLOR;
  const tabs = [messages.home.tabIndex, messages.home.tabReport, messages.home.tabMy];
  return [
    `<div id="${FIRST_SCREEN_ID}" data-route="home"${cityId} aria-hidden="true" style="--fs-gradient:${gradient};--fs-color:${color}">`,
    '<div class="fs-head"><div class="fs-row"><div class="fs-brand">',
    logo ? `<img class="fs-logo" src="${escapeHtml(logo)}" alt="">` : '',
    `<span class="fs-title">${escapeHtml(title)}</span></div>`,
    `<div class="fs-city"><span class="fs-icon"></span><span class="fs-city-name">${escapeHtml(cityName || messages.index.selectCity)}</span><span class="fs-arrow"></span></div></div>`,
    `<div class="fs-search"><span class="fs-search-icon"></span><span>${escapeHtml(messages.home.searchPlaceholder)}</span></div></div>`,
    `<div class="fs-banner"><img src="${escapeHtml(image)}" alt="${escapeHtml(typeof bannerTitle === 'string' ? bannerTitle : '')}" width="${BANNER_SIZE.width}" height="${BANNER_SIZE.height}" fetchpriority="high"></div>`,
    navs.length ? `<div class="fs-grid">${navs.join('')}</div>` : '',
    column && typeof column.title === 'string'
      ? `<div class="fs-column"><span class="fs-column-title">${escapeHtml(column.title)}</span><span class="fs-column-desc">${typeof column.description === 'string' ? escapeHtml(column.description) : ''}</span></div>`
      : '',
    `<div class="fs-tabs">${tabs.map((tab, at) => `<span class="fs-tab${at === 0 ? ' fs-tab-on' : ''}">${escapeHtml(tab)}</span>`).join('')}</div>`,
    '</div>',
  ].join('');
}

/**
 * The app's start on a page with a first screen (decision 033, fourth pass). Lighthouse's
 * simulation prices the largest paint with every request that ended before it was observed,
 * and on a fast connection the app's ~200 KiB of script ends within milliseconds of the first
 * screen's picture, so the picture was charged the script's share of the slow link. Here the
 * page names no script and no module preload; this small script (the CSP's `script-src 'self'`
 * allows it) starts the app once the first screen is painted: when its high-priority picture
 * has loaded or failed (at most `BOOT_WAIT_MS` later), then after the next frame. It then adds
 * the route's style preloads and module preloads and the entry, as Vite's own tags would be.
 * The data comes from its own attributes: `data-entry` (the entry module), `data-js` and
 * `data-css` (space-separated files to preload).
 */
export const BOOT_WAIT_MS = 1500;

export const BOOT_SCRIPT = `(function () {
  var me = document.currentScript;
  if (!me) return;
  var data = me.dataset;
  var started = false;
  function add(attrs, tag) {
    var el = document.createElement(tag || 'link');
    for (var key in attrs) el.setAttribute(key, attrs[key]);
    document.head.appendChild(el);
  }
  function files(value) { return (value || '').split(' ').filter(Boolean); }
  function start() {
    if (started) return;
    started = true;
    files(data.css).forEach(function (href) { add({ rel: 'preload', as: 'style', crossorigin: '', href: href }); });
    files(data.js).forEach(function (href) { add({ rel: 'modulepreload', crossorigin: '', href: href }); });
    add({ type: 'module', crossorigin: '', src: data.entry }, 'script');
  }
  function afterPaint() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  var picture = document.querySelector('#${FIRST_SCREEN_ID} img[fetchpriority="high"]');
  if (!picture || picture.complete) return afterPaint();
  picture.addEventListener('load', afterPaint);
  picture.addEventListener('error', afterPaint);
  setTimeout(start, ${BOOT_WAIT_MS});
})();
`;

/** Where the boot script is served: named by its content, so it is cached for good. */
export const BOOT_SCRIPT_PATH = `/static/first-screen-boot-${createHash('sha256').update(BOOT_SCRIPT).digest('base64url').slice(0, 8)}.js`;

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The page with its scripts started by the boot script instead of by tags: the entry's
 * `<script type="module">` and every `<link rel="modulepreload">` taken out, their files given
 * to the boot script at the end of the body with the route's own files (`routeJs`, `routeCss`).
 * The page as it is when it names no entry module (nothing to start).
 */
export function deferAppStart(page: string, routeJs: readonly string[], routeCss: readonly string[]): string {
  const entry = MODULE_SCRIPT.exec(page);
  if (!entry) return page;
  const preloads: string[] = [];
  const stripped = page.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const js = [...preloads, ...routeJs.map((file) => `/${file}`)];
  const css = routeCss.map((file) => `/${file}`);
  const tag = `<script defer src="${BOOT_SCRIPT_PATH}" data-entry="${escapeHtml(entry[1]!)}" data-js="${escapeHtml(js.join(' '))}" data-css="${escapeHtml(css.join(' '))}"></script>`;
  const end = stripped.lastIndexOf('</body>');
  return end === -1 ? `${stripped}${tag}` : `${stripped.slice(0, end)}${tag}\n${stripped.slice(end)}`;
}
