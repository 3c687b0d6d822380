/**
 * A link from content data (banners, column "more") that the app can open itself: a path
 * of this app, never another origin ('//host', 'https://…', 'javascript:').
 */
export function inAppPath(link: string | null | undefined): string | null {
  const value = link?.trim() ?? '';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
