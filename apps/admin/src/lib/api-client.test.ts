import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-client';
import { ApiError } from './api-error';
import { setNavigator } from './navigation';
import { readToken, saveToken, setCompanyId } from './session';

/** A localStorage of the test's own (vitest runs these in node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const envelope = (code: number, data: unknown, msg = '') => ({ code, type: code, msg, message: msg, data });

let fetchMock: ReturnType<typeof vi.fn>;
let navigations: string[];

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage() });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigations = [];
  setNavigator((to) => void navigations.push(to));
  setCompanyId(7);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCompanyId(null);
});

describe('the console API client', () => {
  it("calls the contract's method and path with the token and the companyId, and answers data", async () => {
    saveToken('t-1');
    answer(200, envelope(200, { token: 't-2', user: { id: 1, name: '运营', phone: '13800000009', role: 'OPERATOR', mustChangePassword: false, consoleScope: 'ADMIN' } }));
    await call(api.admin.sign, { body: { phone: '13800000009', password: '123456' } }, { withToken: false });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(api.admin.sign.path);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ companyId: '7', 'Content-Type': 'application/json' });
    // Sign-in sends no token.
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(String(init.body))).toEqual({ phone: '13800000009', password: '123456' });

    answer(200, envelope(200, { id: 1 }));
    await expect(call(api.admin.getBrand, { query: {} })).resolves.toEqual({ id: 1 });
    const [, second] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(second.headers).toMatchObject({ Authorization: 't-1', companyId: '7' });
  });

  it("throws the server's msg and code on a refusal", async () => {
    answer(400, envelope(400, { field: 'color' }, '主题色格式不正确，应为 #RRGGBB'));
    const error = await call(api.admin.getBrand, { query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, msg: '主题色格式不正确，应为 #RRGGBB', data: { field: 'color' } });
    expect(navigations).toEqual([]);
  });

  it('on 401 forgets the token and goes to sign-in', async () => {
    saveToken('expired');
    answer(401, envelope(401, null, messages.common.loginExpired));
    await expect(call(api.admin.me)).rejects.toMatchObject({ code: 401 });
    expect(readToken()).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('sends a must-change account to the change-password page (decision 017)', async () => {
    saveToken('initial');
    answer(403, envelope(403, { reason: 'MUST_CHANGE_PASSWORD' }, messages.login.mustChangePassword));
    await expect(call(api.admin.getBrand, { query: {} })).rejects.toMatchObject({ code: 403 });
    expect(navigations).toEqual(['/change-password']);
    expect(readToken()).toBe('initial');
  });

  it('reports an answer that is not an envelope, or no answer, as a request exception', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(call(api.admin.me)).rejects.toMatchObject({ code: 502, msg: messages.common.requestException });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(api.admin.me)).rejects.toMatchObject({ code: 0, msg: messages.common.requestException });
  });
});
