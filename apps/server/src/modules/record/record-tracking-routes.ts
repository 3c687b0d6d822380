import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { transitionRulesOf } from '@baobei/shared/rules/record-status';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import { dbInt, pageNumber } from '@baobei/shared/schemas/fields';
import {
  auditSubmitResultSchema,
  auditSubmitSchema,
  distributorRecordListQuerySchema,
  externalCheckSchema,
  externalCountSchema,
  externalLinkAnswerSchema,
  externalLinkRequestSchema,
  externalLinkSchema,
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
} from '@baobei/shared/schemas/record-tracking';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { RecordTrackingService } from './record-tracking-service';

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

const AUDITORS = ['AUDITOR', 'AUDITORADMIN'] as const;
const tags = ['record tracking'];

export const recordTrackingRoutes =
  (tracking: RecordTrackingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/record/get-record-list',
      {
        config: { page: 'recordList' },
        schema: {
          tags,
          summary: '我的订单: the reports of the viewer’s scope, newest first, with the status tabs',
          querystring: trackingPageQuerySchema,
          body: recordListQuerySchema,
          response: { 200: envelopeSchema(recordListSchema) },
        },
      },
      async (request) => ok(await tracking.recordList(currentUser(request), request.body, request.query)),
    );

    app.post(
      '/api/record/get-distributor-record-list',
      {
        config: { page: 'subDistributorRecordList' },
        schema: {
          tags,
          summary: '公司订单 (DIANZHANG): the shop’s or the whole distributor’s reports, optionally one broker',
          querystring: trackingPageQuerySchema,
          body: distributorRecordListQuerySchema,
          response: { 200: envelopeSchema(recordListSchema) },
        },
      },
      async (request) => ok(await tracking.distributorRecordList(currentUser(request), request.body, request.query)),
    );

    app.post(
      '/api/record/get-record-data',
      {
        config: { page: 'recordDetail' },
        schema: {
          tags,
          summary: 'Report detail with history, dynamics, images and the viewer’s action flags',
          body: recordIdSchema,
          response: { 200: envelopeSchema(recordDetailSchema) },
        },
      },
      async (request) => ok(await tracking.recordData(currentUser(request), request.body.id, transitionRulesOf(request.company))),
    );

    app.post(
      '/api/record/get-record-audit-data',
      {
        config: { page: 'recordAudit' },
        schema: {
          tags,
          summary: 'Report detail for the audit page (the report’s AUDITOR, every AUDITORADMIN)',
          body: recordIdSchema,
          response: { 200: envelopeSchema(recordDetailSchema) },
        },
      },
      async (request) => ok(await tracking.auditData(currentUser(request), request.body.id, transitionRulesOf(request.company))),
    );

    app.post(
      '/api/record/submit-record-audit-data',
      {
        config: { roles: AUDITORS },
        schema: {
          tags,
          summary: 'Change a report’s status (audit, 未到访/已到访); 409 when `version` is stale',
          body: auditSubmitSchema,
          response: { 200: envelopeSchema(auditSubmitResultSchema) },
        },
      },
      async (request) => ok(await tracking.submitAudit(currentUser(request), request.body, transitionRulesOf(request.company)), messages.recordTrack.auditSubmitted),
    );

    app.post(
      '/api/record/upload-record-image',
      {
        schema: {
          tags,
          summary: 'Add a QR-code image (an upload of this user) to a report; at most 9',
          body: recordImageUploadSchema,
          response: { 200: envelopeSchema(recordImageSchema) },
        },
      },
      async (request) =>
        ok(await tracking.uploadImage(currentUser(request), request.body.id, request.body.url), messages.recordTrack.imageUploaded),
    );

    app.post(
      '/api/record/remove-record-image',
      {
        config: { roles: AUDITORS },
        schema: {
          tags,
          summary: 'Delete a QR-code image (the report’s auditors); answers the images left',
          body: recordImageRemoveSchema,
          response: { 200: envelopeSchema(z.array(recordImageSchema)) },
        },
      },
      async (request) =>
        ok(await tracking.removeImage(currentUser(request), request.body.id, request.body.imageId), messages.recordTrack.deleteImageSuccess),
    );

    app.post(
      '/api/record/update-record-customer-info',
      {
        schema: {
          tags,
          summary: 'Add a customer dynamic; answers the dynamics, newest first',
          body: recordDynamicSchema,
          response: {
            200: envelopeSchema(z.array(z.object({ createdAt: z.string(), userName: z.string(), remark: z.string() }))),
          },
        },
      },
      async (request) =>
        ok(await tracking.addDynamic(currentUser(request), request.body.id, request.body.remark), messages.recordTrack.dynamicAdded),
    );

    // External list: no session; the tenant still comes from the host and companyId header.

    app.post(
      '/api/record/get-report-auto-list',
      {
        config: { auth: 'none' },
        schema: {
          tags,
          summary: 'External list (signed link): WAITING = 已发开发商, CHECKED = visited or later',
          querystring: trackingPageQuerySchema,
          body: externalListQuerySchema,
          response: { 200: envelopeSchema(externalListSchema) },
        },
      },
      async (request) => ok(await tracking.externalList(request.company.id, request.body, request.query)),
    );

    app.get(
      '/api/record/get-report-auto-count',
      {
        config: { auth: 'none' },
        schema: {
          tags,
          summary: 'External list counts (signed link)',
          querystring: externalLinkSchema,
          response: { 200: envelopeSchema(externalCountSchema) },
        },
      },
      async (request) => ok(await tracking.externalCount(request.company.id, request.query)),
    );

    app.post(
      '/api/record/check-report',
      {
        config: { auth: 'none' },
        schema: {
          tags,
          summary: 'External list: confirm an arrival (已发开发商 → 已到访), time defaults to now',
          body: externalCheckSchema,
          response: { 200: envelopeSchema(externalReportSchema) },
        },
      },
      async (request) => ok(await tracking.externalCheck(request.company.id, request.body), messages.recordTrack.externalCheckDone),
    );

    app.post(
      '/api/record/get-report-auto-link',
      {
        config: { roles: AUDITORS },
        schema: {
          tags,
          summary: 'The signed external list link of a listing (auditors)',
          body: externalLinkRequestSchema,
          response: { 200: envelopeSchema(externalLinkAnswerSchema) },
        },
      },
      async (request) => ok(await tracking.externalLink(request.company.id, request.body.houseId)),
    );

    app.post(
      '/api/record/renew-report-auto-link',
      {
        config: { roles: ['AUDITORADMIN'] },
        schema: {
          tags,
          summary: 'Renew a listing’s external link; every older link stops working (AUDITORADMIN)',
          body: externalLinkRequestSchema,
          response: { 200: envelopeSchema(externalLinkAnswerSchema) },
        },
      },
      async (request) =>
        ok(await tracking.renewExternalLink(currentUser(request), request.body.houseId), messages.recordTrack.externalLinkRenewed),
    );
  };
