import { messages } from '@baobei/shared/messages';

const detailText = messages.houseDetail;

/**
 * Part 1, section 2: "the user id is appended to the path when sharing". A signed-in user
 * shares under their own id; a visitor re-sharing a shared page keeps the original sharer;
 * otherwise the plain detail path.
 */
export function buildShareLink(input: {
  origin: string;
  houseId: number | string;
  uid?: number | null;
  shareId?: number | string | null;
}): string {
  const base = `${input.origin.replace(/\/+$/, '')}/house/detail/${input.houseId}`;
  const sharer = input.uid ?? input.shareId;
  return sharer ? `${base}/${sharer}` : base;
}

/** The page URL WeChat signs: the full URL without its hash (WeChat JS-SDK documentation). */
export function urlWithoutHash(href: string): string {
  const at = href.indexOf('#');
  return at === -1 ? href : href.slice(0, at);
}

/**
 * What a shared price is called: 总价 for a package price (万/套), 均价 for a price per ㎡, and
 * null when the listing has none (formatShowPrice's 暂无, said as 价格待定 where it is shared).
 */
export function sharedPriceLabel(showPrice: { unit: string }): string | null {
  if (!showPrice.unit) return null;
  return showPrice.unit === '万/套' ? detailText.totalPrice : detailText.averagePrice;
}

/** The default share description: '均价/总价 + 地址'. */
export function defaultShareDesc(house: {
  showPrice: { price: string; unit: string };
  buildingAddress: string;
}): string {
  const { price, unit } = house.showPrice;
  const label = sharedPriceLabel(house.showPrice);
  const priceText = label ? `${label}${price}${unit}` : detailText.priceUnknown;
  return [priceText, house.buildingAddress].filter(Boolean).join(' ');
}

/** A relative picture URL made absolute, as WeChat's share card needs. */
export function absoluteUrl(origin: string, url: string): string {
  if (!url) return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${origin.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The `openid` the server's WeChat OAuth callback appends to the shared page's URL. */
export function openidFromSearch(search: string): string {
  return new URLSearchParams(search).get('openid') ?? '';
}
