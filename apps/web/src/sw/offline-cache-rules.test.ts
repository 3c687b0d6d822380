import { api } from '@baobei/shared/contract';
import type { Endpoint } from '@baobei/shared/contract/endpoint';
import { describe, expect, it } from 'vitest';
import { isOfflineApi, isPublicPicture, OFFLINE_API_PATHS } from './offline-cache-rules';

const endpoints = Object.values(api).flatMap((area) => Object.values(area as Record<string, Endpoint>));
const url = (path: string) => new URL(path, 'https://app.example.com');

describe('what the service worker keeps (decision 094)', () => {
  it('keeps only GET answers that need no session', () => {
    expect(OFFLINE_API_PATHS.length).toBeGreaterThan(0);
    for (const path of OFFLINE_API_PATHS) {
      const endpoint = endpoints.find((e) => e.path === path);
      expect(endpoint?.method, path).toBe('GET');
      expect(endpoint?.access.auth, path).not.toBe('required');
    }
  });

  it('never keeps a report, a customer or the signed-in init data', () => {
    for (const path of [api.record.getRecordList.path, api.customer.getCustomerList.path, api.auth.getInitConfig.path]) {
      expect(isOfflineApi(url(path))).toBe(false);
    }
    expect(isOfflineApi(url(`${api.home.getIndexData.path}?city=1`))).toBe(true);
  });

  it('keeps public pictures and never a signed (private) one', () => {
    expect(isPublicPicture(url('/assets/demo/house-1.jpg'))).toBe(true);
    expect(isPublicPicture(url('/uploads/2026/12/a.png'))).toBe(true);
    expect(isPublicPicture(url('/uploads/2026/12/b.png?exp=1&sig=abc'))).toBe(false);
    expect(isPublicPicture(url(api.upload.index.path))).toBe(false);
  });
});
