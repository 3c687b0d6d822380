import { messages } from '@baobei/shared/messages';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { sharedPriceLabel } from './share';

/** Selling points on a poster: more would not fit two rows of chips at a readable size. */
export const POSTER_MAX_TAGS = 6;

export interface PosterColors {
  /** The brand colour itself: the header band and the cover's stand-in. */
  color: string;
  gradientColor: string;
  /** The brand colour made readable on white: the price and the chips' text. */
  readable: string;
  /** A light tint of the brand colour: the chips' ground. */
  soft: string;
}

/** Everything a poster shows (docs/decisions/091), as plain data: the query's key too. */
export interface PosterContent {
  companyTitle: string;
  /** The first picture the detail shows; '' when the listing has none. */
  coverUrl: string;
  name: string;
  /** `label` null: the listing has no price, and `price` says 价格待定. */
  price: { label: string | null; price: string; unit: string };
  address: string;
  tags: string[];
  broker: { name: string; phone: string };
  /** The broker's share link, exactly as the share dialog copies it. */
  link: string;
  colors: PosterColors;
}

/** The listing's selling points (特色) for a poster: trimmed, each once, the first few. */
export function posterTags(themeNames: readonly string[]): string[] {
  const tags = new Set(themeNames.map((tag) => tag.trim()).filter(Boolean));
  return [...tags].slice(0, POSTER_MAX_TAGS);
}

/** The price as the list shows it (formatShowPrice), with the share's 总价 / 均价 before it. */
export function posterPrice(showPrice: HouseDetail['showPrice']): PosterContent['price'] {
  const label = sharedPriceLabel(showPrice);
  if (!label) return { label: null, price: messages.houseDetail.priceUnknown, unit: '' };
  return { label, price: showPrice.price, unit: showPrice.unit };
}

export function posterContent(input: {
  house: Pick<HouseDetail, 'name' | 'showPrice' | 'themeName' | 'buildingAddress'>;
  cover: string;
  broker: { name: string; phone: string };
  companyTitle: string;
  colors: PosterColors;
  link: string;
}): PosterContent {
  const { house } = input;
  return {
    companyTitle: input.companyTitle.trim(),
    coverUrl: input.cover,
    name: house.name.trim(),
    price: posterPrice(house.showPrice),
    address: house.buildingAddress.trim(),
    tags: posterTags(house.themeName),
    broker: { name: input.broker.name.trim(), phone: input.broker.phone.trim() },
    link: input.link,
    colors: input.colors,
  };
}
