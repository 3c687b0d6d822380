import { z } from 'zod';
import { CONSOLE_ROLES, PLATFORM_ADMIN_ROLES } from '../rules/roles';
import {
  adminChangePasswordSchema,
  adminMeSchema,
  adminSignAnswerSchema,
  adminSignSchema,
  companyBrandSchema,
  companyListQuerySchema,
  companyListSchema,
  companySetupSchema,
  createCompanySchema,
  createdCompanySchema,
  getBrandQuerySchema,
  updateBrandSchema,
} from '../schemas/admin';
import {
  adminArrivalLinkSchema,
  adminHouseHistoryQuerySchema,
  adminHouseHistorySchema,
  adminHouseListQuerySchema,
  adminHouseListSchema,
  adminHouseSchema,
  createHouseSchema,
  houseIdQuerySchema,
  houseVersionSchema,
  updateHouseSchema,
} from '../schemas/admin-house';
import { houseRef, type AccessPolicy } from './access';
import { defineEndpoint } from './endpoint';

/**
 * The operator console's calls (docs/decisions/039), all under /api/admin/. Only console
 * accounts (OPERATOR, PLATFORM_ADMIN) may call them: a mobile account's token is 403
 * 该账号无运营后台权限, and a console account's token is 403 on every mobile call. The tenant
 * is the host's company, as for the mobile app.
 */
const consoleOnly: AccessPolicy = { auth: 'required', roles: CONSOLE_ROLES };
const platformOnly: AccessPolicy = { auth: 'required', roles: PLATFORM_ADMIN_ROLES };

export const adminApi = {
  sign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/auth/sign',
    tags: ['admin'],
    summary: 'Console sign-in with phone and password (picture code after failures, as the app)',
    body: adminSignSchema,
    data: adminSignAnswerSchema,
    access: { auth: 'none' },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/auth/me',
    tags: ['admin'],
    summary: 'The signed-in console account and its company',
    data: adminMeSchema,
    access: consoleOnly,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/auth/logout',
    tags: ['admin'],
    summary: 'End this console session',
    data: z.null(),
    access: consoleOnly,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/auth/change-password',
    tags: ['admin'],
    summary: 'Change own password (the initial one first)',
    body: adminChangePasswordSchema,
    data: z.null(),
    access: consoleOnly,
  }),
  getBrand: defineEndpoint({
    method: 'GET',
    path: '/api/admin/company/get-brand',
    tags: ['admin'],
    summary: "The company's brand, hosts and settings with its version (companyId: PLATFORM_ADMIN only)",
    query: getBrandQuerySchema,
    data: companyBrandSchema,
    access: consoleOnly,
  }),
  updateBrand: defineEndpoint({
    method: 'POST',
    path: '/api/admin/company/update-brand',
    tags: ['admin'],
    summary: 'Change brand and settings (409 on a stale version; hosts and companyId: PLATFORM_ADMIN only)',
    body: updateBrandSchema,
    data: companyBrandSchema,
    access: consoleOnly,
  }),
  listCompanies: defineEndpoint({
    method: 'GET',
    path: '/api/admin/company/list',
    tags: ['admin'],
    summary: 'Every company (PLATFORM_ADMIN)',
    query: companyListQuerySchema,
    data: companyListSchema,
    access: platformOnly,
  }),
  companySetup: defineEndpoint({
    method: 'GET',
    path: '/api/admin/setup',
    tags: ['admin'],
    summary: "What the host's company has of what its first report needs: cities, features, auditors, listings, distributors (概览's 开通清单)",
    data: companySetupSchema,
    access: consoleOnly,
  }),
  createCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/company/create',
    tags: ['admin'],
    summary: 'Create a company with its hosts and default settings, and with `operator` its first 运营管理员 and a one-time password (PLATFORM_ADMIN)',
    body: createCompanySchema,
    data: createdCompanySchema,
    access: platformOnly,
  }),

  // Listings (issue 15, item 4): the host's company only, for both roles; another company's id is 404.
  listHouses: defineEndpoint({
    method: 'GET',
    path: '/api/admin/house/list',
    tags: ['admin'],
    summary: "The company's listings, withdrawn ones included: keyword, city, selling status, feature, tag, active; paged",
    query: adminHouseListQuerySchema,
    data: adminHouseListSchema,
    access: consoleOnly,
  }),
  getHouse: defineEndpoint({
    method: 'GET',
    path: '/api/admin/house/get',
    tags: ['admin'],
    summary: 'Every field of a listing with its albums, unit types, contacts, commission policies and version',
    query: houseIdQuerySchema,
    data: adminHouseSchema,
    access: { ...consoleOnly, object: houseRef('query', 'id') },
  }),
  createHouse: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/create',
    tags: ['admin'],
    summary: "Create a listing (the company's default protection hours and lead time when not given); Idempotency-Key accepted",
    body: createHouseSchema,
    data: adminHouseSchema,
    access: consoleOnly,
  }),
  updateHouse: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/update',
    tags: ['admin'],
    summary: 'Change a listing (a list sent replaces the whole list); 409 with { reload, version } on a stale version',
    body: updateHouseSchema,
    data: adminHouseSchema,
    access: { ...consoleOnly, object: houseRef('body', 'id') },
  }),
  withdrawHouse: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/withdraw',
    tags: ['admin'],
    summary: "Withdraw a listing from the app's lists, search and detail (its reports stay); 409 on a stale version",
    body: houseVersionSchema,
    data: adminHouseSchema,
    access: { ...consoleOnly, object: houseRef('body', 'id') },
  }),
  restoreHouse: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/restore',
    tags: ['admin'],
    summary: 'Put a withdrawn listing back in the app; 409 on a stale version',
    body: houseVersionSchema,
    data: adminHouseSchema,
    access: { ...consoleOnly, object: houseRef('body', 'id') },
  }),
  houseHistory: defineEndpoint({
    method: 'GET',
    path: '/api/admin/house/history',
    tags: ['admin'],
    summary: "A listing's change history (audit rows: who, when, old and new values), newest first",
    query: adminHouseHistoryQuerySchema,
    data: adminHouseHistorySchema,
    access: { ...consoleOnly, object: houseRef('query', 'id') },
  }),
  houseArrivalLink: defineEndpoint({
    method: 'GET',
    path: '/api/admin/house/arrival-link',
    tags: ['admin'],
    summary: "A listing's signed external arrival link (the record module's link, as auditors get it)",
    query: houseIdQuerySchema,
    data: adminArrivalLinkSchema,
    access: { ...consoleOnly, object: houseRef('query', 'id') },
  }),
  renewHouseArrivalLink: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/renew-arrival-link',
    tags: ['admin'],
    summary: "Renew a listing's external arrival link: every older link stops working (an audit row)",
    body: houseIdQuerySchema,
    data: adminArrivalLinkSchema,
    access: { ...consoleOnly, object: houseRef('body', 'id') },
  }),
};
