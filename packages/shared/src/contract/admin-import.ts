import { z } from 'zod';
import { importCheckSchema, importResultSchema } from '../schemas/admin-import';
import { consoleWrite } from './access';
import { defineEndpoint } from './endpoint';

/**
 * Imports from Excel (issue 30, item 4; docs/decisions/083): per kind a template (a file), a dry
 * run and the import, each taking the workbook as the multipart field `file`. The import wants an
 * Idempotency-Key: the same key answers the first import again instead of importing twice.
 */
export const adminImportApi = {
  houseTemplate: defineEndpoint({
    method: 'GET',
    path: '/api/admin/house/import-template',
    tags: ['admin'],
    summary: 'The listing import template: sheets 楼盘 and 佣金政策 with their Chinese headers, a note and an example row each, as an .xlsx file',
    data: z.null(),
    file: true,
    access: consoleWrite('houses'),
  }),
  houseCheck: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/import-check',
    tags: ['admin'],
    summary: "Dry run of a listing import (multipart field `file`): every row's errors by sheet, row and column; writes nothing",
    multipart: true,
    data: importCheckSchema,
    access: consoleWrite('houses'),
  }),
  houseImport: defineEndpoint({
    method: 'POST',
    path: '/api/admin/house/import',
    tags: ['admin'],
    summary:
      'Import listings with their commission policies (multipart field `file`, Idempotency-Key required): all rows in one ' +
      "transaction, one audit row per listing; any row's error writes nothing and answers 400 with the dry run's list",
    multipart: true,
    data: importResultSchema,
    access: consoleWrite('houses'),
  }),
  distributorTemplate: defineEndpoint({
    method: 'GET',
    path: '/api/admin/distributor/import-template',
    tags: ['admin'],
    summary: 'The distributor import template: sheets 分销商 (with the general account) and 门店 (with the shop manager), as an .xlsx file',
    data: z.null(),
    file: true,
    access: consoleWrite('distributors'),
  }),
  distributorCheck: defineEndpoint({
    method: 'POST',
    path: '/api/admin/distributor/import-check',
    tags: ['admin'],
    summary: "Dry run of a distributor import (multipart field `file`): every row's errors by sheet, row and column; writes nothing",
    multipart: true,
    data: importCheckSchema,
    access: consoleWrite('distributors'),
  }),
  distributorImport: defineEndpoint({
    method: 'POST',
    path: '/api/admin/distributor/import',
    tags: ['admin'],
    summary:
      'Import distributors with their general accounts and shops with their managers (multipart field `file`, Idempotency-Key required): ' +
      'all in one transaction, one audit row per distributor and per account; the accounts sign in with an SMS code',
    multipart: true,
    data: importResultSchema,
    access: consoleWrite('distributors'),
  }),
  accountTemplate: defineEndpoint({
    method: 'GET',
    path: '/api/admin/account/import-template',
    tags: ['admin'],
    summary: 'The account import template: sheet 账号 (auditors, channel staff, shop managers and brokers of existing distributors), as an .xlsx file',
    data: z.null(),
    file: true,
    access: consoleWrite('accounts'),
  }),
  accountCheck: defineEndpoint({
    method: 'POST',
    path: '/api/admin/account/import-check',
    tags: ['admin'],
    summary: "Dry run of an account import (multipart field `file`): every row's errors by row and column; writes nothing",
    multipart: true,
    data: importCheckSchema,
    access: consoleWrite('accounts'),
  }),
  accountImport: defineEndpoint({
    method: 'POST',
    path: '/api/admin/account/import',
    tags: ['admin'],
    summary:
      'Import accounts (multipart field `file`, Idempotency-Key required): all in one transaction, one audit row per account; ' +
      "a broker's shop manager is its shop's, already there or in the file; the accounts sign in with an SMS code",
    multipart: true,
    data: importResultSchema,
    access: consoleWrite('accounts'),
  }),
};
