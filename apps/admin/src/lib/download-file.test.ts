import { api } from '@baobei/shared/contract';
import { adminExportMessages } from '@baobei/shared/messages/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, isApiError } from './api-error';
import { downloadFile } from './download-file';
import { setNavigator } from './navigation';
import { setCompanyId } from './session';

/**
 * A refused export (docs/decisions/060): the server's 429 envelope becomes the ApiError whose
 * message the export button shows as is (components/export-button.tsx: errorMessage(error,
 * 导出失败…)), and nothing is saved.
 */

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

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage() });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(() => undefined);
  setCompanyId(7);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCompanyId(null);
});

describe('downloadFile', () => {
  for (const msg of ['导出任务进行中，请稍后', '导出过于频繁，请稍后再试']) {
    it(`shows the server's 429 ${msg} and saves nothing`, async () => {
      const body = { code: 429, type: 429, msg, message: msg, data: null };
      fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json' } }));
      const save = vi.fn();
      const error = await downloadFile(api.adminExport.records, {}, { save }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isApiError(error) && error.code).toBe(429);
      expect(errorMessage(error, adminExportMessages.failed)).toBe(msg);
      expect(save).not.toHaveBeenCalled();
    });
  }
});
