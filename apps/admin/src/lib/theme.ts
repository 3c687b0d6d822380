import type { ThemeConfig } from 'antd';

/** antd's own primary, when a company has no usable colour. */
export const DEFAULT_PRIMARY = '#1677ff';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The company's brand colour as antd's primary (its hover and active shades derive from it). */
export function consoleTheme(color: string | null | undefined): ThemeConfig {
  return { token: { colorPrimary: color && HEX.test(color) ? color : DEFAULT_PRIMARY, borderRadius: 6 } };
}
