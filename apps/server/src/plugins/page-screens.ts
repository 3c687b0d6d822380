import { messages } from '@baobei/shared/messages';
import { escapeHtml, FIRST_SCREEN_ID, headerGradient, type HomeScreenData } from './first-screen';

/**
 * The first screens of login, the house list, a house detail and the report list (decision 033,
 * fourth pass), drawn like home's (first-screen.ts): a fixed, presentational layer over `#root`
 * at the place and size the React page draws the same things, so that the page's largest paint
 * (the 欢迎登录 heading, the first listing picture, the listing's first picture, the report
 * search box's words) is the HTML's own and never a larger one of the app's later. Each screen's
 * page removes it once it shows its own content (apps/web/src/lib/first-screen.ts).
 *
 * The sizes copy components/page.module.css (the nav bar), components/list-page.module.css and
 * antd-mobile's search bar and dropdown, account/pages/login-page.module.css,
 * house/components/house-list-item.module.css and list-card.module.css,
 * house/components/house-gallery.module.css and record/pages/record-list-page.module.css.
 */

/** A first screen: its markup, its CSS and the picture that is its largest paint, if any. */
export interface PageScreen {
  html: string;
  css: string;
  image: string | null;
}

type Company = HomeScreenData['company'];

const text = (value: unknown): string => (typeof value === 'string' ? escapeHtml(value) : '');

const LAYER = `#${FIRST_SCREEN_ID}{position:fixed;top:0;right:0;bottom:0;left:0;z-index:2000;max-width:750px;margin:0 auto;overflow:hidden;background:#f5f6f8;color:#333;font-size:13px}`;

/** The nav bar of components/page.tsx: 46 px, the back arrow, the title; white with a rule. */
const NAV_CSS = [
  '.fs-nav{position:relative;height:46px;background:#fff;border-bottom:1px solid #eee;text-align:center}',
  '.fs-nav-title{display:block;padding:0 60px;font-size:17px;font-weight:500;line-height:46px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}',
  '.fs-back{position:absolute;left:19px;top:16px;width:12px;height:12px;border-left:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg)}',
].join('');

/** The white bar under the nav bar: antd's search bar (34 px, 12 px in) and what follows it. */
const BAR_CSS = [
  '.fs-bar{display:flow-root;background:#fff;border-bottom:1px solid #eee}',
  '.fs-search{box-sizing:border-box;display:flex;align-items:center;height:34px;margin:8px 12px 0;padding-left:8px;border-radius:17px;background:#f3f4f6}',
  '.fs-search-icon{box-sizing:border-box;flex:none;width:13px;height:13px;margin:0 4px;border:1.5px solid #999;border-radius:50%}',
  '.fs-placeholder{font-size:15px;line-height:19px;color:#6b6b6b;white-space:nowrap;overflow:hidden}',
].join('');

function nav(title: string): string {
  return `<div class="fs-nav"><span class="fs-back"></span><span class="fs-nav-title">${escapeHtml(title)}</span></div>`;
}

function searchBox(placeholder: string): string {
  return `<div class="fs-search"><span class="fs-search-icon"></span><span class="fs-placeholder">${escapeHtml(placeholder)}</span></div>`;
}

function layer(route: string, inner: string, style = ''): string {
  return `<div id="${FIRST_SCREEN_ID}" data-route="${route}" aria-hidden="true"${style ? ` style="${style}"` : ''}>${inner}</div>`;
}

/** Login: the brand hero (logo, 欢迎登录, the company), the form card with its two fields. */
export function loginScreen(company: Company & { logo?: unknown }): PageScreen {
  const title = typeof company.title === 'string' ? company.title : '';
  const logo = typeof company.logo === 'string' && company.logo !== '' ? company.logo : null;
  const m = messages.login;
  const css = [
    LAYER.replace('background:#f5f6f8', 'background:#fff'),
    '.fs-hero{position:relative;padding:calc(env(safe-area-inset-top) + 64px) 28px 64px;background:var(--fs-gradient);color:#fff;overflow:hidden}',
    '.fs-hero:after{content:"";position:absolute;right:-60px;top:-40px;width:220px;height:220px;border-radius:50%;background:rgba(255,255,255,.08)}',
    '.fs-hero .fs-back{position:absolute;left:19px;top:calc(env(safe-area-inset-top) + 16px);width:12px;height:12px;border-left:2px solid #fff;border-bottom:2px solid #fff;transform:rotate(45deg)}',
    '.fs-logo{box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:14px;background:#fff;object-fit:contain;box-shadow:0 6px 16px rgba(0,0,0,.12);color:var(--fs-color);font-size:26px;font-weight:700}',
    '.fs-welcome{display:block;margin:18px 0 6px;font-size:26px;font-weight:600;letter-spacing:1px;line-height:normal}',
    '.fs-company{display:block;font-size:14px;opacity:.85;line-height:normal}',
    '.fs-card{position:relative;z-index:1;margin:-32px 16px 24px;padding:8px 18px 22px;border-radius:16px;background:#fff;box-shadow:0 8px 28px rgba(31,45,61,.08)}',
    '.fs-modes{display:flex;gap:28px;margin-bottom:8px}',
    '.fs-mode{position:relative;padding:14px 0 10px;color:#707070;font-size:16px;line-height:normal}',
    '.fs-mode-on{color:#333;font-size:18px;font-weight:600}',
    '.fs-mode-on:after{content:"";position:absolute;left:50%;bottom:2px;width:24px;height:3px;margin-left:-12px;border-radius:2px;background:var(--fs-gradient)}',
    '.fs-field{display:flex;align-items:center;gap:10px;min-height:56px;border-bottom:1px solid #eee;font-size:15px}',
    '.fs-label{flex:none;min-width:3.4em}',
    '.fs-hint{color:#6b6b6b}',
    '.fs-submit{height:46px;margin-top:28px;border-radius:23px;background:var(--fs-gradient);color:#fff;font-size:17px;letter-spacing:4px;line-height:46px;text-align:center}',
    '.fs-links{display:flex;justify-content:space-between;margin-top:18px;font-size:14px;color:#666}',
  ].join('');
  const gradient = headerGradient(company);
  const brand = /^linear-gradient\(135deg, (#[0-9a-f]+) /i.exec(gradient)?.[1] ?? '#1677ff';
  const html = layer(
    'login',
    [
      '<div class="fs-hero"><span class="fs-back"></span>',
      logo ? `<img class="fs-logo" src="${escapeHtml(logo)}" alt="">` : `<span class="fs-logo">${escapeHtml(title.slice(0, 1))}</span>`,
      `<span class="fs-welcome">${escapeHtml(m.welcome)}</span><span class="fs-company">${escapeHtml(title)}</span></div>`,
      `<div class="fs-card"><div class="fs-modes"><span class="fs-mode fs-mode-on">${escapeHtml(m.passwordMode)}</span><span class="fs-mode">${escapeHtml(m.codeMode)}</span></div>`,
      `<div class="fs-field"><span class="fs-label">${escapeHtml(m.phoneLabel)}</span><span class="fs-hint">${escapeHtml(m.phonePlaceholder)}</span></div>`,
      `<div class="fs-field"><span class="fs-label">${escapeHtml(m.passwordLabel)}</span><span class="fs-hint">${escapeHtml(m.passwordPlaceholder)}</span></div>`,
      `<div class="fs-submit">${escapeHtml(m.loginButton)}</div>`,
      `<div class="fs-links"><span>${escapeHtml(m.forgotPassword)}</span><span>${escapeHtml(m.register)}</span></div></div>`,
    ].join(''),
    `--fs-gradient:${gradient};--fs-color:${brand}`,
  );
  return { html, css, image: null };
}

/** The report list: nav bar, the search box, the tab bar's place (tabs come with the data), 时间. */
export function recordListScreen(title: string): PageScreen {
  const m = messages.recordTrack;
  const css = [
    LAYER,
    NAV_CSS,
    BAR_CSS,
    '.fs-tabs{height:36px;border-bottom:1px solid #eee;margin-top:4px}',
    '.fs-sort{display:flex;align-items:center;justify-content:center;gap:6px;height:43px;font-size:14px}',
    '.fs-caret{width:0;height:0;border:4px solid transparent;border-top:5px solid #999;margin-top:5px}',
    // The list's cards as blank places (the rows need the session, which the server has not).
    '.fs-rows{padding:10px 12px}.fs-row{height:214px;margin-bottom:10px;border-radius:12px;background:#fff}',
  ].join('');
  const html = layer(
    'recordList',
    `${nav(title)}<div class="fs-bar">${searchBox(m.searchPlaceholder)}<div class="fs-tabs"></div><div class="fs-sort"><span>${escapeHtml(m.timeFilter)}</span><span class="fs-caret"></span></div></div><div class="fs-rows"><div class="fs-row"></div><div class="fs-row"></div><div class="fs-row"></div></div>`,
  );
  return { html, css, image: null };
}

/** A listing of the house list's answer, as far as its card's first screen shows it. */
interface HouseListItem {
  name?: unknown;
  buildingDiagram?: unknown;
  regionName?: unknown;
  buildingArea?: unknown;
  sellingStatus?: unknown;
  sellingStatusCn?: unknown;
  themeName?: unknown;
  showPrice?: { price?: unknown; unit?: unknown };
}

/** house-list-item.tsx's status colours (dark enough for white text). */
const STATUS_COLOURS: Record<string, string> = { SELLING: '#008759', SELL_SOON: '#1570f0', PENDING: '#af6215', OFFER_BUY: '#7a5af5' };

/** How many cards the first screen draws: more than a phone's screen holds. */
const HOUSE_CARDS = 6;

/** The house list: nav bar, search, the four filters and the first cards of the first page. */
export function houseListScreen(list: readonly HouseListItem[]): PageScreen | null {
  const first = list[0];
  const image = typeof first?.buildingDiagram === 'string' && first.buildingDiagram !== '' ? first.buildingDiagram : null;
  if (!image) return null;
  const m = messages.houseList;
  const css = [
    LAYER,
    NAV_CSS,
    BAR_CSS,
    '.fs-filters{display:flex;height:43px;margin-top:4px}',
    '.fs-filter{flex:1;display:flex;align-items:center;justify-content:center;gap:6px;font-size:13px}',
    '.fs-caret{width:0;height:0;border:4px solid transparent;border-top:5px solid #999;margin-top:5px}',
    '.fs-list{padding:10px 12px}',
    '.fs-card{display:flex;gap:12px;margin-bottom:12px;padding:12px;border-radius:12px;background:#fff}',
    '.fs-thumb{flex:none;width:112px;height:86px;border-radius:8px;overflow:hidden;background:#f2f4f7}',
    '.fs-thumb img{display:block;width:100%;height:100%;object-fit:cover}',
    '.fs-info{display:flex;flex-direction:column;gap:4px;flex:1;min-width:0}',
    '.fs-name-row{display:flex;align-items:center;gap:6px;min-width:0}',
    '.fs-name{overflow:hidden;font-size:16px;font-weight:600;line-height:22px;white-space:nowrap;text-overflow:ellipsis}',
    '.fs-status{flex:none;padding:0 5px;border-radius:3px;font-size:11px;line-height:17px;color:#fff;background:#757575}',
    '.fs-region{overflow:hidden;color:#707070;font-size:12px;line-height:17px;white-space:nowrap;text-overflow:ellipsis}',
    '.fs-themes{display:flex;gap:6px;overflow:hidden;height:18px}',
    '.fs-theme{flex:none;padding:0 5px;border-radius:3px;background:#f2f4f7;color:#666;font-size:11px;line-height:18px}',
    '.fs-price{color:#e02a39;font-size:18px;font-weight:600;line-height:22px}',
    '.fs-unit{margin-left:2px;font-size:12px;font-weight:400}',
  ].join('');
  const cards = list.slice(0, HOUSE_CARDS).map((item, at) => {
    const picture = typeof item.buildingDiagram === 'string' && item.buildingDiagram !== '' ? item.buildingDiagram : null;
    const status = typeof item.sellingStatus === 'string' ? STATUS_COLOURS[item.sellingStatus] : undefined;
    const region = [item.regionName, typeof item.buildingArea === 'string' && item.buildingArea ? `建面 ${item.buildingArea}` : '']
      .filter((part) => typeof part === 'string' && part !== '')
      .map((part) => escapeHtml(part as string))
      .join(' | ');
    const themes = Array.isArray(item.themeName) ? item.themeName.filter((t): t is string => typeof t === 'string').slice(0, 3) : [];
    const price = item.showPrice?.price;
    const attrs = at === 0 ? ' fetchpriority="high"' : at < 4 ? '' : ' loading="lazy"';
    return [
      '<div class="fs-card"><span class="fs-thumb">',
      picture ? `<img src="${escapeHtml(picture)}" alt=""${attrs}>` : '',
      `</span><span class="fs-info"><span class="fs-name-row"><span class="fs-name">${text(item.name)}</span>`,
      item.sellingStatusCn ? `<span class="fs-status"${status ? ` style="background:${status}"` : ''}>${text(item.sellingStatusCn)}</span>` : '',
      '</span>',
      region ? `<span class="fs-region">${region}</span>` : '',
      themes.length ? `<span class="fs-themes">${themes.map((t) => `<span class="fs-theme">${escapeHtml(t)}</span>`).join('')}</span>` : '',
      typeof price === 'string' && price !== '' ? `<span class="fs-price">${escapeHtml(price)}<span class="fs-unit">${text(item.showPrice?.unit)}</span></span>` : '',
      '</span></div>',
    ].join('');
  });
  const filters = [m.area, m.price, m.type, m.status].map((name) => `<span class="fs-filter">${escapeHtml(name)}<span class="fs-caret"></span></span>`).join('');
  const html = layer(
    'houseList',
    `${nav('楼盘列表')}<div class="fs-bar">${searchBox(m.searchPlaceholder)}<div class="fs-filters">${filters}</div></div><div class="fs-list">${cards.join('')}</div>`,
  );
  return { html, css, image };
}

/** A listing's detail, as far as its first picture and name go. */
interface HouseDetail {
  name?: unknown;
  buildingDiagram?: unknown;
  albums?: { name?: unknown; picType?: unknown; typeIndex?: unknown; list?: { picUrl?: unknown }[] }[];
}

/**
 * The gallery's first picture as house/model/gallery.ts's buildGallery orders the albums: the
 * albums with pictures, unit types first by their type index, the detail album last; no album
 * picture: the cover.
 */
export function firstGalleryPicture(detail: HouseDetail): string | null {
  const isDetail = (album: NonNullable<HouseDetail['albums']>[number]) =>
    album.name === '楼盘详情' || (typeof album.picType === 'string' && ['DETAIL', 'DETAILS'].includes(album.picType.toUpperCase()));
  const albums = (detail.albums ?? []).map((album, at) => ({ album, at })).filter(({ album }) => (album.list ?? []).length > 0);
  const index = (album: NonNullable<HouseDetail['albums']>[number]) => (typeof album.typeIndex === 'number' ? album.typeIndex : 0);
  const units = albums.filter(({ album }) => !isDetail(album)).sort((a, b) => index(a.album) - index(b.album) || a.at - b.at);
  const ordered = [...units, ...albums.filter(({ album }) => isDetail(album))];
  const url = ordered[0]?.album.list?.[0]?.picUrl;
  if (typeof url === 'string' && url !== '') return url;
  return typeof detail.buildingDiagram === 'string' && detail.buildingDiagram !== '' ? detail.buildingDiagram : null;
}

/** A house detail: nav bar and the gallery's first picture (4:3, at most 320 px high). */
export function houseDetailScreen(detail: HouseDetail): PageScreen | null {
  const image = firstGalleryPicture(detail);
  if (!image) return null;
  const css = [
    LAYER,
    NAV_CSS,
    '.fs-gallery{background:#e9ecf1;padding-bottom:69px}',
    '.fs-gallery img{display:block;width:100%;aspect-ratio:4/3;max-height:320px;object-fit:cover}',
    '.fs-head{position:relative;min-height:100vh;margin-top:-12px;padding:16px 16px 14px;border-radius:12px 12px 0 0;background:#fff}',
    '.fs-name{display:block;font-size:20px;font-weight:600;line-height:28px}',
  ].join('');
  const html = layer(
    'houseDetail',
    `${nav('楼盘详情')}<div class="fs-gallery"><img src="${escapeHtml(image)}" alt="" fetchpriority="high"></div><div class="fs-head"><span class="fs-name">${text(detail.name)}</span></div>`,
  );
  return { html, css, image };
}
