import { findRoute } from '@baobei/shared/routes';
import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './route-guard';

const base: GuardInput = {
  route: findRoute('home'),
  path: '/home',
  ready: true,
  loggedIn: false,
  role: null,
  mustChangePassword: false,
  returnTo: null,
  previousPath: null,
};

function decide(patch: Partial<GuardInput>) {
  return decideGuard({ ...base, ...patch });
}

describe('route guard', () => {
  it('lets every navigation through while the session is not ready', () => {
    expect(decide({ ready: false, route: findRoute('recordAudit'), path: '/record/audit/1' })).toEqual({
      type: 'allow',
    });
  });

  it('opens public pages and the 404 page for anyone', () => {
    expect(decide({ route: findRoute('houseList'), path: '/house/list' })).toEqual({ type: 'allow' });
    expect(decide({ route: findRoute('externalRecordList') })).toEqual({ type: 'allow' });
    expect(decide({ route: null, path: '/nowhere' })).toEqual({ type: 'allow' });
  });

  it('sends a visitor on a logged-in page to login with a return path', () => {
    expect(decide({ route: findRoute('recordList'), path: '/record/list?x=1' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Frecord%2Flist%3Fx%3D1',
    });
  });

  it('checks the role of a logged-in user against the route table', () => {
    const staffList = { route: findRoute('staffList'), path: '/staff/list', loggedIn: true };
    expect(decide({ ...staffList, role: 'DIANZHANG' })).toEqual({ type: 'allow' });
    expect(decide({ ...staffList, role: 'YUEWUYUAN' })).toEqual({ type: 'deny' });
    const audit = { route: findRoute('recordAudit'), path: '/record/audit/3', loggedIn: true };
    expect(decide({ ...audit, role: 'AUDITOR' })).toEqual({ type: 'allow' });
    expect(decide({ ...audit, role: 'DIANZHANG' })).toEqual({ type: 'deny' });
    expect(decide({ ...audit, role: null })).toEqual({ type: 'deny' });
  });

  it('sends a logged-in user away from login: to the return path, back, or home', () => {
    const login = { route: findRoute('login'), path: '/login', loggedIn: true, role: 'YUEWUYUAN' as const };
    expect(decide({ ...login, returnTo: '/record/list' })).toEqual({ type: 'redirect', to: '/record/list' });
    expect(decide({ ...login, previousPath: '/house/list' })).toEqual({ type: 'back' });
    expect(decide({ ...login, returnTo: '/home?active=index', previousPath: '/home?active=index' })).toEqual({
      type: 'back',
    });
    expect(decide({ ...login })).toEqual({ type: 'redirect', to: '/home' });
    expect(decide({ ...login, previousPath: '/login?redirect=%2Fx' })).toEqual({ type: 'redirect', to: '/home' });
  });

  it('leaves a visitor on the login page', () => {
    expect(decide({ route: findRoute('login'), path: '/login' })).toEqual({ type: 'allow' });
  });

  it('keeps a user who must change the password on the change-password page', () => {
    const forced = { loggedIn: true, role: 'YUEWUYUAN' as const, mustChangePassword: true };
    expect(decide({ ...forced, route: findRoute('home') })).toEqual({ type: 'redirect', to: '/change/password' });
    expect(decide({ ...forced, route: findRoute('login'), returnTo: '/home' })).toEqual({
      type: 'redirect',
      to: '/change/password',
    });
    expect(decide({ ...forced, route: findRoute('changePassword'), path: '/change/password' })).toEqual({
      type: 'allow',
    });
  });
});
