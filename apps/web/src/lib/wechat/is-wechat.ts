/** WeChat's built-in browser announces itself with 'MicroMessenger' in its user agent. */
export function isWechatUserAgent(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

export function isWechatBrowser(): boolean {
  return typeof navigator !== 'undefined' && isWechatUserAgent(navigator.userAgent);
}
