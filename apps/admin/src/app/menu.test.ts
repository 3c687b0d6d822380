import { describe, expect, it } from 'vitest';
import { MENU, opensPath, showsEntry } from './menu';

/** docs/decisions/081: the menu and the addresses follow the account's console scope. */
describe('the console menu by scope', () => {
  const names = (role: string, consoleScope: 'ADMIN' | 'FINANCE' | 'CONTENT' | 'READONLY') =>
    MENU.filter((entry) => showsEntry(entry, { role, consoleScope })).map((entry) => entry.path);

  it('shows 运营管理员 every page but the platform administrator’s, which the platform administrator also sees', () => {
    expect(names('OPERATOR', 'ADMIN')).toEqual(MENU.filter((e) => !e.platformOnly).map((e) => e.path));
    expect(names('PLATFORM_ADMIN', 'ADMIN')).toEqual(MENU.map((e) => e.path));
  });

  it('shows 财务 the overview, 数据驾驶舱, reports, distributors, statements and exports; 内容 the overview, 数据驾驶舱, listings, home content and 基础资料', () => {
    expect(names('OPERATOR', 'FINANCE')).toEqual(['/', '/dashboard', '/records', '/distributors', '/registrations', '/statements', '/exports']);
    expect(names('OPERATOR', 'CONTENT')).toEqual(['/', '/dashboard', '/houses', '/home-content', '/base-data']);
    expect(names('OPERATOR', 'READONLY')).not.toContain('/exports');
  });

  it('opens by address only what the scope reads, and a listing form only where it writes', () => {
    expect(opensPath('/houses', { consoleScope: 'FINANCE' })).toBe(false);
    expect(opensPath('/houses/new', { consoleScope: 'CONTENT' })).toBe(true);
    expect(opensPath('/houses', { consoleScope: 'READONLY' })).toBe(true);
    expect(opensPath('/houses/new', { consoleScope: 'READONLY' })).toBe(false);
    expect(opensPath('/houses/12/edit', { consoleScope: 'READONLY' })).toBe(false);
    expect(opensPath('/exports', { consoleScope: 'READONLY' })).toBe(false);
    expect(opensPath('/', { consoleScope: 'CONTENT' })).toBe(true);
    expect(opensPath('/no-such-page', { consoleScope: 'FINANCE' })).toBe(true);
  });
});
