import {
  accountIdQuerySchema,
  accountIdSchema,
  accountIdVersionSchema,
  accountListQuerySchema,
  accountOptionsSchema,
  accountWithPasswordSchema,
  adminAccountListSchema,
  adminAccountSchema,
  createAccountSchema,
  updateAccountSchema,
} from '../schemas/admin-account';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * The console's accounts (issue 16, item 2; docs/decisions/047), under /api/admin/account/. Both
 * console roles, on the host's company only: an account of another company, or one no group holds
 * (distributor staff, PLATFORM_ADMIN), is 404 账号不存在. Edits name the version read (409 with
 * { reload, version } when stale); every change writes an audit row in its transaction.
 */

const path = <const P extends string>(p: P) => `/api/admin/account/${p}` as const;

export const adminAccountApi = {
  list: defineEndpoint({
    method: 'GET',
    path: path('list'),
    tags: ['admin'],
    summary: "One group's accounts (auditor, channel, operator): keyword on name or phone, active; paged, newest first",
    query: accountListQuerySchema,
    data: adminAccountListSchema,
    access: consoleRead('accounts'),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: path('get'),
    tags: ['admin'],
    summary: 'An account with its scope, distributors, sign-in failures, live sessions and version',
    query: accountIdQuerySchema,
    data: adminAccountSchema,
    access: consoleRead('accounts'),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: path('options'),
    tags: ['admin'],
    summary: "What the account forms choose from: the company's listings, cities and distributors (with their channel)",
    data: accountOptionsSchema,
    access: consoleRead('accounts'),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: path('create'),
    tags: ['admin'],
    summary: 'Create an account of a group with a generated initial password (answered once, must be changed at the first sign-in)',
    body: createAccountSchema,
    data: accountWithPasswordSchema,
    access: consoleWrite('accounts'),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: path('update'),
    tags: ['admin'],
    summary: 'Change name, phone, role within the group, vacation, managed area, audit scope, distributors; 409 on a stale version',
    body: updateAccountSchema,
    data: adminAccountSchema,
    access: consoleWrite('accounts'),
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: path('reset-password'),
    tags: ['admin'],
    summary: "A new one-time password (answered once): must be changed at the next sign-in; the account's sessions end",
    body: accountIdSchema,
    data: accountWithPasswordSchema,
    access: consoleWrite('accounts'),
  }),
  unlock: defineEndpoint({
    method: 'POST',
    path: path('unlock'),
    tags: ['admin'],
    summary: "Clear the account's sign-in and change-password failure counts (no picture code needed any more)",
    body: accountIdSchema,
    data: adminAccountSchema,
    access: consoleWrite('accounts'),
  }),
  endSessions: defineEndpoint({
    method: 'POST',
    path: path('end-sessions'),
    tags: ['admin'],
    summary: "End every session of the account (it must sign in again)",
    body: accountIdSchema,
    data: adminAccountSchema,
    access: consoleWrite('accounts'),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: path('disable'),
    tags: ['admin'],
    summary: 'Disable an account: it cannot sign in and its sessions end; 409 on a stale version',
    body: accountIdVersionSchema,
    data: adminAccountSchema,
    access: consoleWrite('accounts'),
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: path('enable'),
    tags: ['admin'],
    summary: 'Enable a disabled account; 409 on a stale version',
    body: accountIdVersionSchema,
    data: adminAccountSchema,
    access: consoleWrite('accounts'),
  }),
};
