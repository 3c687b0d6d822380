import { messages } from '@baobei/shared/messages';
import type { PosterContent } from './poster-content';
import { wrapText } from './text-wrap';

/**
 * The poster is 750 × 1334 px: a phone screen's width at 2x, in the proportions of a phone
 * screen, so it fills a chat's picture viewer (docs/decisions/091).
 */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;
export const QR_SIZE = 220;

const PAD = 40;
const CONTENT_WIDTH = POSTER_WIDTH - 2 * PAD;
const HEADER_HEIGHT = 96;
/** The cover takes the height the text leaves, within these bounds (1.875:1 to 1.2:1). */
const COVER_HEIGHT = { min: 400, max: 620 };
const FOOTER_TOP = POSTER_HEIGHT - 300;
const QR = { x: POSTER_WIDTH - PAD - QR_SIZE, y: FOOTER_TOP + 40 };
const BROKER_WIDTH = QR.x - 24 - PAD;
const CHIP = { height: 44, padX: 16, gap: 12, rowGap: 12, maxRows: 2 };
/** Space above the name, between the blocks, and between the last block and the footer's line. */
const GAP = { top: 28, afterName: 8, beforeTags: 16, bottom: 40 };
const LINE = { name: 60, price: 72, address: 40 };

const TEXT = '#1f1f1f';
const SECONDARY = '#595959';
const WHITE = '#ffffff';

export interface PosterFont {
  size: number;
  bold?: boolean;
}

const TITLE_FONT: PosterFont = { size: 34, bold: true };
const NAME_FONT: PosterFont = { size: 44, bold: true };
const LABEL_FONT: PosterFont = { size: 26 };
const PRICE_FONT: PosterFont = { size: 52, bold: true };
const UNIT_FONT: PosterFont = { size: 28 };
const ADDRESS_FONT: PosterFont = { size: 26 };
const CHIP_FONT: PosterFont = { size: 24 };
const BROKER_NAME_FONT: PosterFont = { size: 40, bold: true };
const PHONE_FONT: PosterFont = { size: 32 };
const HINT_FONT: PosterFont = { size: 24 };

/** A text's drawn width in a font (the canvas's measureText; tests give their own). */
export type MeasureInFont = (text: string, font: PosterFont) => number;

/** One drawing step. A text's `y` is its line's middle (the canvas draws it with textBaseline 'middle'). */
export type PosterOp =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string | { from: string; to: string }; radius?: number }
  | { kind: 'cover'; x: number; y: number; w: number; h: number }
  | { kind: 'text'; text: string; x: number; y: number; font: PosterFont; color: string }
  | { kind: 'dash'; x1: number; x2: number; y: number; color: string }
  | { kind: 'qr'; x: number; y: number; size: number };

/** The source rectangle that fills `dw × dh` from a `sw × sh` picture, cropped to its middle (object-fit: cover). */
export function coverCrop(sw: number, sh: number, dw: number, dh: number): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(dw / sw, dh / sh);
  const w = dw / scale;
  const h = dh / scale;
  return { sx: (sw - w) / 2, sy: (sh - h) / 2, sw: w, sh: h };
}

/** Selling-point chips in rows across `maxWidth`; tags past `maxRows` are left out, a too-long one is cut to fit. */
export function chipRows(
  tags: readonly string[],
  maxWidth: number,
  measure: (text: string) => number,
  maxRows: number,
): { text: string; x: number; row: number; w: number }[] {
  const chips: { text: string; x: number; row: number; w: number }[] = [];
  let row = 0;
  let x = 0;
  for (const tag of tags) {
    const text = wrapText(tag, maxWidth - 2 * CHIP.padX, measure, 1)[0] ?? '';
    if (!text) continue;
    const w = measure(text) + 2 * CHIP.padX;
    if (x > 0 && x + w > maxWidth) {
      row += 1;
      x = 0;
    }
    if (row >= maxRows) break;
    chips.push({ text, x, row, w });
    x += w + CHIP.gap;
  }
  return chips;
}

function textLines(
  lines: readonly string[],
  at: { x: number; y: number; lineHeight: number },
  font: PosterFont,
  color: string,
): PosterOp[] {
  return lines.map((text, i) => ({ kind: 'text', text, x: at.x, y: at.y + at.lineHeight * (i + 0.5), font, color }));
}

/**
 * The poster's drawing steps, top to bottom: the brand band with the company's title, the
 * cover (a brand block under it stands in when the picture cannot be drawn) as tall as the
 * text below leaves room for, the name (two lines), the price, the address, the selling points
 * (two rows of chips), and the footer: the broker's name and phone beside the QR code of the
 * share link.
 */
export function posterLayout(content: PosterContent, measure: MeasureInFont): PosterOp[] {
  const { colors } = content;
  const brand = { from: colors.color, to: colors.gradientColor };
  const wrap = (text: string, font: PosterFont, width: number, maxLines: number) =>
    wrapText(text, width, (t) => measure(t, font), maxLines);
  const name = wrap(content.name, NAME_FONT, CONTENT_WIDTH, 2);
  const address = content.address ? wrap(content.address, ADDRESS_FONT, CONTENT_WIDTH, 1) : [];
  const chips = chipRows(content.tags, CONTENT_WIDTH, (t) => measure(t, CHIP_FONT), CHIP.maxRows);
  const chipRowCount = chips.length > 0 ? chips[chips.length - 1]!.row + 1 : 0;
  const textHeight =
    GAP.top + name.length * LINE.name + GAP.afterName + LINE.price + address.length * LINE.address + GAP.beforeTags +
    chipRowCount * (CHIP.height + CHIP.rowGap) + GAP.bottom;
  const coverHeight = Math.min(COVER_HEIGHT.max, Math.max(COVER_HEIGHT.min, FOOTER_TOP - HEADER_HEIGHT - textHeight));
  const cover = { x: 0, y: HEADER_HEIGHT, w: POSTER_WIDTH, h: coverHeight };

  const ops: PosterOp[] = [
    { kind: 'rect', x: 0, y: 0, w: POSTER_WIDTH, h: POSTER_HEIGHT, fill: WHITE },
    { kind: 'rect', x: 0, y: 0, w: POSTER_WIDTH, h: HEADER_HEIGHT, fill: brand },
    ...textLines(wrap(content.companyTitle, TITLE_FONT, CONTENT_WIDTH, 1), { x: PAD, y: 0, lineHeight: HEADER_HEIGHT }, TITLE_FONT, WHITE),
    { kind: 'rect', ...cover, fill: brand },
    { kind: 'cover', ...cover },
  ];

  let y = cover.y + cover.h + GAP.top;
  ops.push(...textLines(name, { x: PAD, y, lineHeight: LINE.name }, NAME_FONT, TEXT));
  y += name.length * LINE.name + GAP.afterName;
  ops.push(...priceOps(content.price, y, measure, colors.readable));
  y += LINE.price;
  ops.push(...textLines(address, { x: PAD, y, lineHeight: LINE.address }, ADDRESS_FONT, SECONDARY));
  y += address.length * LINE.address + GAP.beforeTags;
  for (const chip of chips) {
    const top = y + chip.row * (CHIP.height + CHIP.rowGap);
    ops.push({ kind: 'rect', x: PAD + chip.x, y: top, w: chip.w, h: CHIP.height, fill: colors.soft, radius: 8 });
    ops.push({ kind: 'text', text: chip.text, x: PAD + chip.x + CHIP.padX, y: top + CHIP.height / 2, font: CHIP_FONT, color: colors.readable });
  }

  ops.push({ kind: 'dash', x1: PAD, x2: POSTER_WIDTH - PAD, y: FOOTER_TOP, color: '#d9d9d9' });
  ops.push(...brokerOps(content.broker, wrap));
  ops.push({ kind: 'qr', x: QR.x, y: QR.y, size: QR_SIZE });
  return ops;
}

/** 总价 / 均价, the number in the brand's colour, its unit; or 价格待定 in grey. */
function priceOps(price: PosterContent['price'], top: number, measure: MeasureInFont, color: string): PosterOp[] {
  const y = top + 36;
  if (!price.label) return [{ kind: 'text', text: price.price, x: PAD, y, font: { size: 36 }, color: SECONDARY }];
  const priceX = PAD + measure(price.label, LABEL_FONT) + 10;
  const unitX = priceX + measure(price.price, PRICE_FONT) + 6;
  return [
    { kind: 'text', text: price.label, x: PAD, y: y + 6, font: LABEL_FONT, color: SECONDARY },
    { kind: 'text', text: price.price, x: priceX, y, font: PRICE_FONT, color },
    { kind: 'text', text: price.unit, x: unitX, y: y + 6, font: UNIT_FONT, color },
  ];
}

/** 置业顾问, the broker's name (or, without one, the phone alone), the phone, and what the QR code does. */
function brokerOps(
  broker: PosterContent['broker'],
  wrap: (text: string, font: PosterFont, width: number, maxLines: number) => string[],
): PosterOp[] {
  const x = PAD;
  const first = broker.name || broker.phone;
  const second = broker.name ? broker.phone : '';
  const ops: PosterOp[] = [
    { kind: 'text', text: messages.poster.broker, x, y: QR.y + 16, font: LABEL_FONT, color: SECONDARY },
    ...textLines(wrap(first, BROKER_NAME_FONT, BROKER_WIDTH, 1), { x, y: QR.y + 40, lineHeight: 56 }, BROKER_NAME_FONT, TEXT),
  ];
  if (second) ops.push(...textLines(wrap(second, PHONE_FONT, BROKER_WIDTH, 1), { x, y: QR.y + 100, lineHeight: 44 }, PHONE_FONT, TEXT));
  ops.push(...textLines(wrap(messages.poster.scanHint, HINT_FONT, BROKER_WIDTH, 2), { x, y: QR.y + 152, lineHeight: 34 }, HINT_FONT, SECONDARY));
  return ops;
}
