import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../contract';
import { isConsolePath } from '../contract/access';
import { CONSOLE_AREAS, consoleScopeOf, scopeAllows, type ConsoleArea, type ConsoleScope } from './console-scopes';

/** docs/decisions/081: the grants as the issue words them. */
describe('console scopes', () => {
  const writes = (scope: ConsoleScope) => CONSOLE_AREAS.filter((area) => scopeAllows(scope, area, true));
  const reads = (scope: ConsoleScope) => CONSOLE_AREAS.filter((area) => scopeAllows(scope, area, false));

  it('运营管理员 reads and changes everything', () => {
    expect(writes('ADMIN')).toEqual([...CONSOLE_AREAS]);
  });

  it('财务 changes deals, statements and exports, and reads reports, distributors and the overview', () => {
    expect(writes('FINANCE').sort()).toEqual(['deals', 'exports', 'session', 'statements']);
    expect(reads('FINANCE').sort()).toEqual(['deals', 'distributors', 'exports', 'overview', 'reports', 'session', 'statements']);
  });

  it('内容 changes listings, home content and 基础资料, and reads the overview', () => {
    expect(writes('CONTENT').sort()).toEqual(['base', 'home', 'houses', 'session']);
    expect(reads('CONTENT').sort()).toEqual(['base', 'home', 'houses', 'overview', 'session']);
  });

  it('只读 reads every area but exports and 个人信息请求, and changes only its own sign-in', () => {
    expect(writes('READONLY')).toEqual(['session']);
    expect(reads('READONLY')).toEqual(CONSOLE_AREAS.filter((area: ConsoleArea) => area !== 'exports' && area !== 'privacy'));
  });

  it('the platform administrator is 运营管理员 whatever its row says; an operator has its own', () => {
    expect(consoleScopeOf({ role: 'PLATFORM_ADMIN', consoleScope: 'READONLY' })).toBe('ADMIN');
    expect(consoleScopeOf({ role: 'OPERATOR', consoleScope: 'FINANCE' })).toBe('FINANCE');
    expect(consoleScopeOf({ role: 'OPERATOR', consoleScope: 'ROOT' })).toBe('READONLY');
  });

  it('every console endpoint of the contract declares its area', () => {
    const missing = ENDPOINTS.filter((e) => isConsolePath(e.path) && !e.access.console).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });
});
