import { z } from 'zod';
import {
  adminPrivacyAnonymisedSchema,
  adminPrivacyAnonymiseSchema,
  adminPrivacyFindSchema,
  adminPrivacyPhoneQuerySchema,
  adminPrivacyRequestListQuerySchema,
  adminPrivacyRequestListSchema,
} from '../schemas/admin-privacy';
import { consoleRead, consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * 个人信息请求 (issue 33 item 4; docs/decisions/093), under /api/admin/privacy/: the console area
 * `privacy`, the 运营管理员 scope's only (a viewer does not read people's data by phone). Every
 * call acts on the host's company; the export and the anonymisation are recorded (pii_request and
 * an audit row).
 */
export const adminPrivacyApi = {
  find: defineEndpoint({
    method: 'GET',
    path: '/api/admin/privacy/find',
    tags: ['admin'],
    summary: "Everything the company holds about a phone number: its customers, reports and the reports' messages, counted per source; 404 when nothing",
    query: adminPrivacyPhoneQuerySchema,
    data: adminPrivacyFindSchema,
    access: consoleRead('privacy'),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/privacy/export',
    tags: ['admin'],
    summary: 'The same rows as an .xlsx file for the person, one sheet per source; recorded (pii_request, audit); 404 when nothing',
    query: adminPrivacyPhoneQuerySchema,
    data: z.null(),
    file: true,
    access: consoleRead('privacy'),
  }),
  anonymise: defineEndpoint({
    method: 'POST',
    path: '/api/admin/privacy/anonymise',
    tags: ['admin'],
    summary: "Anonymises every row the finder names (names to 客户X, phones masked, pictures deleted; counts, statuses, deals and commission kept) with a reason; 409 when the total is no longer the confirmed one",
    body: adminPrivacyAnonymiseSchema,
    data: adminPrivacyAnonymisedSchema,
    access: consoleWrite('privacy'),
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/api/admin/privacy/requests',
    tags: ['admin'],
    summary: 'The handled requests (export or anonymise, operator, reason, counts), newest first',
    query: adminPrivacyRequestListQuerySchema,
    data: adminPrivacyRequestListSchema,
    access: consoleRead('privacy'),
  }),
};
