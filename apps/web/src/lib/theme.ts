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

export function isUsableColor(color: string | null | undefined): color is string {
  if (!color) return false;
  if (HEX.test(color)) return true;
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', color);
}

/** The CSS variables of a company's brand: antd-mobile's primary plus our gradient. */
export function brandVariables(company: Pick<Company, 'color' | 'gradientColor'>): Record<string, string> {
  const color = isUsableColor(company.color) ? company.color : DEFAULT_COLOR;
  const gradientColor = isUsableColor(company.gradientColor) ? company.gradientColor : color;
  return {
    '--adm-color-primary': color,
    '--app-color': color,
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
