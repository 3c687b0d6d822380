import { z } from 'zod';
import { AUDITOR_ADMIN_ROLES, AUDITOR_ROLES } from '../rules/roles';
import { recordSubmitResultSchema, recordSubmitSchema } from '../schemas/record';
import { cursors, recordListCursorField } from '../schemas/cursor';
import { dbInt, pageNumber } from '../schemas/fields';
import {
  auditSubmitResultSchema,
  auditSubmitSchema,
  distributorRecordListQuerySchema,
  externalCheckSchema,
  externalCountQuerySchema,
  externalCountSchema,
  externalLinkAnswerSchema,
  externalLinkRequestSchema,
  externalListQuerySchema,
  externalListSchema,
  externalReportSchema,
  recordDetailSchema,
  recordDynamicSchema,
  recordIdSchema,
  recordImageRemoveSchema,
  recordImageSchema,
  recordImageUploadSchema,
  recordListQuerySchema,
  recordListSchema,
} from '../schemas/record-tracking';
import { houseRef, reportRef } from './access';
import { defineEndpoint } from './endpoint';

/**
 * Part 2, section 9: the report list pages by 8; 50 at most, whatever size is asked. Absent
 * is page 1 of 8; a value that is not a page number is refused.
 */
export const trackingPageQuerySchema = z.object({
  page: pageNumber.optional().default(1),
  pageSize: dbInt('每页条数')
    .optional()
    .default(8)
    .transform((n) => Math.min(Math.max(n, 1), 50)),
});

/**
 * The report lists' query: the page as above, or the `cursor` of the last page (schemas/cursor.ts,
 * docs/decisions/016) in either order (newest first, or 待到访's, docs/decisions/089).
 */
export const recordListPageQuerySchema = trackingPageQuerySchema.extend({ cursor: recordListCursorField.optional() });
/** The external arrival list's query: the page, or the `cursor` of the last page. */
export const externalListPageQuerySchema = trackingPageQuerySchema.extend({ cursor: cursors.external.field.optional() });

/** A customer dynamic as the detail lists it. */
export const recordDynamicItemSchema = z.object({ createdAt: z.string(), userName: z.string(), remark: z.string() });

const tags = ['record tracking'] as const;

/** Reports: the submit, the lists, the detail and its actions, and the external arrival list with its links. */
export const recordApi = {
  postRecordData: defineEndpoint({
    method: 'POST',
    path: '/api/record/post-record-data',
    tags: ['record'],
    summary: 'Report customers for listings (one report per listing and customer); Idempotency-Key accepted',
    body: recordSubmitSchema,
    data: recordSubmitResultSchema,
    access: { auth: 'required', page: 'rapidRecord', object: houseRef('body', 'selectHouse', { many: true }) },
  }),
  getRecordList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-record-list',
    tags,
    summary: '我的订单: the reports of the viewer’s scope, newest first, with the status tabs (counted without a cursor)',
    query: recordListPageQuerySchema,
    body: recordListQuerySchema,
    data: recordListSchema,
    access: { auth: 'required', page: 'recordList' },
  }),
  getDistributorRecordList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-distributor-record-list',
    tags,
    summary: '公司订单 (DIANZHANG): the shop’s or the whole distributor’s reports, optionally one broker',
    query: recordListPageQuerySchema,
    body: distributorRecordListQuerySchema,
    data: recordListSchema,
    access: { auth: 'required', page: 'subDistributorRecordList' },
  }),
  getRecordData: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-record-data',
    tags,
    summary: 'Report detail with history, dynamics, images and the viewer’s action flags',
    body: recordIdSchema,
    data: recordDetailSchema,
    access: { auth: 'required', page: 'recordDetail', object: reportRef('view') },
  }),
  getRecordAuditData: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-record-audit-data',
    tags,
    summary: 'Report detail for the audit page (the report’s AUDITOR, every AUDITORADMIN)',
    body: recordIdSchema,
    data: recordDetailSchema,
    access: { auth: 'required', page: 'recordAudit', object: reportRef('audit') },
  }),
  submitRecordAuditData: defineEndpoint({
    method: 'POST',
    path: '/api/record/submit-record-audit-data',
    tags,
    summary: 'Change a report’s status (audit, 未到访/已到访); 409 when `version` is stale',
    body: auditSubmitSchema,
    data: auditSubmitResultSchema,
    access: { auth: 'required', roles: AUDITOR_ROLES, object: reportRef('audit') },
  }),
  uploadRecordImage: defineEndpoint({
    method: 'POST',
    path: '/api/record/upload-record-image',
    tags,
    summary: 'Add a QR-code image (an upload of this user) to a report; at most 9',
    body: recordImageUploadSchema,
    data: recordImageSchema,
    access: { auth: 'required', object: reportRef('attach') },
  }),
  removeRecordImage: defineEndpoint({
    method: 'POST',
    path: '/api/record/remove-record-image',
    tags,
    summary: 'Delete a QR-code image (the report’s auditors); answers the images left',
    body: recordImageRemoveSchema,
    data: z.array(recordImageSchema),
    access: { auth: 'required', roles: AUDITOR_ROLES, object: reportRef('audit') },
  }),
  updateRecordCustomerInfo: defineEndpoint({
    method: 'POST',
    path: '/api/record/update-record-customer-info',
    tags,
    summary: 'Add a customer dynamic; answers the dynamics, newest first',
    body: recordDynamicSchema,
    data: z.array(recordDynamicItemSchema),
    access: { auth: 'required', object: reportRef('view') },
  }),
  // External list: no session; the tenant still comes from the host and companyId header.
  getReportAutoList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-report-auto-list',
    tags,
    summary: 'External list (signed link): WAITING = 已发开发商, CHECKED = visited or later; search by name or phone tail, filter by expected visit day',
    query: externalListPageQuerySchema,
    body: externalListQuerySchema,
    data: externalListSchema,
    access: { auth: 'none', object: houseRef('body', 'houseId', { outside: 403 }) },
  }),
  getReportAutoCount: defineEndpoint({
    method: 'GET',
    path: '/api/record/get-report-auto-count',
    tags,
    summary: 'External list counts (signed link), under the list’s search and day',
    query: externalCountQuerySchema,
    data: externalCountSchema,
    access: { auth: 'none', object: houseRef('query', 'houseId', { outside: 403 }) },
  }),
  checkReport: defineEndpoint({
    method: 'POST',
    path: '/api/record/check-report',
    tags,
    summary: 'External list: confirm an arrival (已发开发商 → 已到访), time defaults to now',
    body: externalCheckSchema,
    data: externalReportSchema,
    access: { auth: 'none', object: houseRef('body', 'houseId', { outside: 403 }) },
  }),
  getReportAutoLink: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-report-auto-link',
    tags,
    summary: 'The signed external list link of a listing (auditors)',
    body: externalLinkRequestSchema,
    data: externalLinkAnswerSchema,
    access: { auth: 'required', roles: AUDITOR_ROLES, object: houseRef('body', 'houseId') },
  }),
  renewReportAutoLink: defineEndpoint({
    method: 'POST',
    path: '/api/record/renew-report-auto-link',
    tags,
    summary: 'Renew a listing’s external link; every older link stops working (AUDITORADMIN)',
    body: externalLinkRequestSchema,
    data: externalLinkAnswerSchema,
    access: { auth: 'required', roles: AUDITOR_ADMIN_ROLES, object: houseRef('body', 'houseId') },
  }),
};
