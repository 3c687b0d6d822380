import type { Company } from '@baobei/shared/schemas/company';

/** antd-mobile's own primary, used when a company's colour is missing or unreadable. */
export const DEFAULT_COLOR = '#1677ff';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` or `#aabbcc` as rgba(); other colour syntaxes pass through unchanged. */
export function withAlpha(color: string, alpha: number): string {
  if (!HEX.test(color)) return color;
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const n = Number.parseInt(hex, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function hexChannels(color: string): [number, number, number] {
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}

/** WCAG contrast ratio of two hex colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(hexChannels(a)), luminance(hexChannels(b))].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** Text and small UI on white need 4.5:1 (WCAG AA), and so does white text on the colour. */
export const READABLE_RATIO = 4.5;

/**
 * The colour darkened (its channels scaled toward black, so the hue stays) only as far as it
 * takes to reach `ratio` against `background` (decision 033): a brand colour as light as
 * antd's #1677ff (4.1:1 on white) becomes #1570f1. Colours already readable, and colours
 * that are not hex, are answered as they are.
 */
export function readableOn(color: string, background = '#ffffff', ratio = READABLE_RATIO): string {
  if (!HEX.test(color) || !HEX.test(background) || contrastRatio(color, background) >= ratio) return color;
  const channels = hexChannels(color);
  const toHex = (scale: number) =>
    `#${channels.map((c) => Math.round(c * scale).toString(16).padStart(2, '0')).join('')}`;
  let scale = 1;
  while (scale > 0 && contrastRatio(toHex(scale), background) < ratio) scale -= 0.005;
  return toHex(Math.max(scale, 0));
}

/** `color` at `alpha` over white, as hex: what a soft tint of it looks like on a card. */
function tintOnWhite(color: string, alpha: number): string {
  return `#${hexChannels(color)
    .map((c) => Math.round(c * alpha + 255 * (1 - alpha)).toString(16).padStart(2, '0'))
    .join('')}`;
}

export function isUsableColor(color: string | null | undefined): color is string {
  if (!color) return false;
  if (HEX.test(color)) return true;
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', color);
}

/**
 * A company's brand colours: its colour and gradient end (antd's blue when missing or unusable),
 * and the colour made readable for text and for the fill under white text (4.5:1 with white).
 */
export function brandColors(company: Pick<Company, 'color' | 'gradientColor'>): { color: string; gradientColor: string; readable: string } {
  const color = isUsableColor(company.color) ? company.color : DEFAULT_COLOR;
  const gradientColor = isUsableColor(company.gradientColor) ? company.gradientColor : color;
  return { color, gradientColor, readable: readableOn(color) };
}

/** The CSS variables of a company's brand: antd-mobile's primary plus our gradient. */
export function brandVariables(company: Pick<Company, 'color' | 'gradientColor'>): Record<string, string> {
  // antd-mobile's primary is text (tabs, links, outline tags) and the fill under white text
  // (buttons): both need 4.5:1 with white, so it is the brand colour made readable. The
  // gradient and the soft tint keep the brand colour itself.
  const { color, gradientColor, readable } = brandColors(company);
  return {
    '--adm-color-primary': readable,
    '--app-color': readable,
    '--app-color-on-soft': HEX.test(color) ? readableOn(color, tintOnWhite(color, 0.1)) : color,
    '--app-gradient-color': gradientColor,
    '--app-gradient': `linear-gradient(135deg, ${color} 0%, ${gradientColor} 100%)`,
    '--app-color-soft': withAlpha(color, 0.1),
    '--app-color-shadow': withAlpha(color, 0.28),
  };
}

/** Part 2, route guard: the page title is the route's title followed by the company's. */
export function pageTitle(routeTitle: string | null | undefined, companyTitle: string | null | undefined): string {
  if (!companyTitle) return routeTitle ?? '';
  if (!routeTitle || routeTitle === companyTitle) return companyTitle;
  return `${routeTitle} - ${companyTitle}`;
}

/** Part 1, section 1: title, favicon and colours come from the company record. */
export function applyBranding(company: Company): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandVariables(company))) root.style.setProperty(name, value);
  document.title = company.title;

  if (company.favicon) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.appendChild(icon);
    }
    icon.href = company.favicon;
  }
  const themeColor = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (themeColor) themeColor.content = isUsableColor(company.color) ? company.color : DEFAULT_COLOR;
}
