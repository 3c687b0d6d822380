import { describe, expect, it } from 'vitest';
import { consoleTheme, DEFAULT_PRIMARY } from './theme';

describe('consoleTheme', () => {
  it("takes the company's hex colour as antd's primary", () => {
    expect(consoleTheme('#e4393c').token?.colorPrimary).toBe('#e4393c');
    expect(consoleTheme('#abc').token?.colorPrimary).toBe('#abc');
  });

  it("falls back to antd's blue for a missing or unreadable colour", () => {
    expect(consoleTheme(null).token?.colorPrimary).toBe(DEFAULT_PRIMARY);
    expect(consoleTheme('').token?.colorPrimary).toBe(DEFAULT_PRIMARY);
    expect(consoleTheme('red; background:url(x)').token?.colorPrimary).toBe(DEFAULT_PRIMARY);
  });
});
