import { describe, expect, it } from 'vitest';
import { cityKeys } from '../features/city/api/query-keys';
import { companyKeys } from '../features/company/api/query-keys';
import { customerKeys } from '../features/customer/api/query-keys';
import { dealKeys } from '../features/deal/api/query-keys';
import { homeKeys } from '../features/home/api/query-keys';
import { reportSelectKeys } from '../features/report/api/query-keys';
import { shareKeys } from '../features/share/api/query-keys';
import { staffKeys } from '../features/staff/api/query-keys';
import { statisticsKeys } from '../features/statistics/api/query-keys';
import { externalKeys, recordKeys } from '../features/tracking/api/query-keys';
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

  it('keys the report domain, split over tracking, deal, customer and report, as before', () => {
    const filters = { keyword: '', approvalStatus: '' as const, time: 0, from: '', to: '', broker: 0, awaitingVisit: false };
    expect(recordKeys.all).toEqual(['records']);
    expect(recordKeys.lists()).toEqual(['records', 'list']);
    expect(recordKeys.list('mine', filters)).toEqual(['records', 'list', 'mine', filters]);
    expect(recordKeys.detail(5)).toEqual(['records', 'detail', 5]);
    expect(recordKeys.audit(5)).toEqual(['record-audit', 5]);
    expect(recordKeys.autoLink(9)).toEqual(['report-auto-link', 9]);
    expect(recordKeys.usersSelect()).toEqual(['users', 'select-list']);
    const search = { keyword: '5678', visitDay: '' };
    expect(externalKeys.list({ houseId: 9, sign: 's' }, 'WAITING', search)).toEqual(['external-record', 'list', { houseId: 9, sign: 's' }, 'WAITING', search]);
    // A deal change invalidates every report query, and a report change reaches the deals.
    expect(dealKeys.records).toEqual(recordKeys.all);
    expect(dealKeys.deals('own')).toEqual(['records', 'deals', 'own']);
    expect(dealKeys.deal(5)).toEqual(['records', 'deal', 5]);
    expect(customerKeys.lists()).toEqual(['customer', 'list']);
    expect(customerKeys.list('张')).toEqual(['customer', 'list', '张']);
    expect(customerKeys.company('张')).toEqual(['customer', 'company', '张']);
    expect(reportSelectKeys.houses('海', 3)).toEqual(['report-select', 'houses', '海', 3]);
    expect(reportSelectKeys.searchInfo()).toEqual(['report-select', 'search-info']);
    expect(reportSelectKeys.daikan()).toEqual(['report-select', 'daikan']);
  });
});
