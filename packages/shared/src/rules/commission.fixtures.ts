import type { PolicyForDeal } from './commission';

/** A commission policy for the rules' tests: long-term, residences, 3%, no award, unless `over` says otherwise. */
export const testPolicy = (over: Partial<PolicyForDeal> = {}): PolicyForDeal => ({
  id: 1,
  buildingProperty: 'RESIDENCE',
  policyStartDate: null,
  policyEndDate: null,
  longTerm: true,
  secondaryPoint: '3%',
  secondaryAward: '',
  sort: 0,
  ...over,
});
