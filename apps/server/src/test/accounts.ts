import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** The demo company's account of each role, as the seed creates them (README, db/seed/accounts.ts). */
export const DEMO_ACCOUNTS = {
  general: '13800000001',
  manager: '13800000002',
  broker: '13800000003',
  channel: '13800000004',
  channelManager: '13800000005',
  auditor: '13800000006',
  auditorAdmin: '13800000007',
  otherBroker: '13800000008',
} as const;

/**
 * docs/decisions/039: the console's accounts of company localhost, and company 127.0.0.1's
 * operator. Apart from DEMO_ACCOUNTS, whose every account signs in to the mobile app.
 */
export const CONSOLE_ACCOUNTS = {
  operator: '13800000009',
  platformAdmin: '13800000010',
  secondOperator: '13900000009',
  // docs/decisions/081: operators of the narrower console scopes, company localhost.
  financeOperator: '13800000013',
  contentOperator: '13800000014',
  readonlyOperator: '13800000015',
} as const;

/**
 * The same accounts keyed by role code, for matrices whose test names and rules read the role
 * (the general account and the second distributor's broker keep their names).
 */
export const DEMO_ROLE_PHONES = {
  general: DEMO_ACCOUNTS.general,
  DIANZHANG: DEMO_ACCOUNTS.manager,
  YUEWUYUAN: DEMO_ACCOUNTS.broker,
  CHANNEL: DEMO_ACCOUNTS.channel,
  CHANNELJINGLI: DEMO_ACCOUNTS.channelManager,
  AUDITOR: DEMO_ACCOUNTS.auditor,
  AUDITORADMIN: DEMO_ACCOUNTS.auditorAdmin,
  otherBroker: DEMO_ACCOUNTS.otherBroker,
} as const;

/** POST /api/user/change-password as the change-password page sends it (the new one typed twice). */
export function changePassword(
  t: TestApp,
  token: string | undefined,
  passwords: { old: string; new: string },
): Promise<LightMyRequestResponse> {
  return t.call({
    method: 'POST',
    url: '/api/user/change-password',
    token,
    payload: { oldPassword: passwords.old, password: passwords.new, passwordMore: passwords.new },
  });
}
