import { describe, expect, it } from 'vitest';
import { cityKeys } from '../features/city/api/query-keys';
import { companyKeys } from '../features/company/api/query-keys';
import { homeKeys } from '../features/home/api/query-keys';
import { shareKeys } from '../features/share/api/query-keys';
import { staffKeys } from '../features/staff/api/query-keys';
import { statisticsKeys } from '../features/statistics/api/query-keys';
import { sessionKeys } from '../lib/session/query-keys';

// The domains' key factories (decision 029) keep the values the queries had inline, so every
// cached query and every invalidation of it still meet.
describe('query keys of the smaller domains', () => {
  it('keys staff, cities, the company, the home page and the session as before', () => {
    expect(staffKeys.list()).toEqual(['staff', 'list']);
    expect(staffKeys.shops()).toEqual(['staff', 'shops']);
    expect(cityKeys.list()).toEqual(['city', 'list']);
    expect(companyKeys.detail('localhost')).toEqual(['company', 'detail', 'localhost']);
    expect(homeKeys.indexData(7)).toEqual(['index', 'data', 7]);
    expect(homeKeys.indexData(null)).toEqual(['index', 'data', null]);
    expect(sessionKeys.initConfig()).toEqual(['session', 'init-config']);
    expect(sessionKeys.commonInitConfig()).toEqual(['session', 'common-init-config']);
  });

  it('keys the statistics by period under one root that pull-to-refresh refetches', () => {
    expect(statisticsKeys.all).toEqual(['statistics']);
    expect(statisticsKeys.records(3)).toEqual(['statistics', 'records', 3]);
    expect(statisticsKeys.staff(3)).toEqual(['statistics', 'staff', 3]);
    expect(statisticsKeys.house(3)).toEqual(['statistics', 'house', 3]);
    expect(statisticsKeys.shareUser(3)).toEqual(['statistics', 'share-user', 3]);
    expect(statisticsKeys.shareHouse(3)).toEqual(['statistics', 'share-house', 3]);
  });

  it('keys /my/share’s lists as before', () => {
    expect(shareKeys.statistics()).toEqual(['share', 'statistics']);
    expect(shareKeys.visits(12)).toEqual(['share', 'visits', 12]);
  });
});
