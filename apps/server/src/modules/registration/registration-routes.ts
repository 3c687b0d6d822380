import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema, pageQuerySchema, pageSchema } from '@baobei/shared/schemas/envelope';
import { uploadResultSchema } from '@baobei/shared/schemas/record';
import {
  channelOptionSchema,
  companyCreditSchema,
  companyKeywordQuerySchema,
  companyNameQuerySchema,
  companyOptionSchema,
  regDistributorSchema,
  registrationItemSchema,
  reviewRegistrationSchema,
  reviewResultSchema,
} from '@baobei/shared/schemas/registration';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import { readUploadedFile } from '../upload/upload-routes';
import type { UploadService } from '../upload/upload-service';
import type { RegistrationService } from './registration-service';

const registrationText = messages.registration;

/** Distributor registration (public) and its review by AUDITORADMIN (part 2, sections 2, 5, 7, 8). */
export const registrationRoutes =
  (registrations: RegistrationService, uploads: UploadService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/publicapi/reg-distributor',
      {
        config: { auth: 'none', idempotency: 'register' },
        schema: {
          tags: ['registration'],
          summary: 'Register a distributor; it waits for review and nothing can sign in until approved',
          body: regDistributorSchema,
          response: { 200: envelopeSchema(z.object({ id: z.number() })) },
        },
      },
      async (request) => ok(await registrations.submit(request.company, request.body, request.ip), registrationText.success, registrationText.successTitle),
    );

    app.post(
      '/api/publicapi/upload-licence',
      {
        config: { auth: 'none', idempotency: 'upload-licence' },
        schema: {
          tags: ['registration'],
          summary: 'Anonymous upload of the business licence picture (multipart `file`; rate-limited per address)',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(uploadResultSchema) },
        },
      },
      async (request) => {
        await registrations.allowLicenceUpload(request.ip);
        const content = await readUploadedFile(request);
        // A business licence is a private picture (decision 018): answered as a signed URL.
        return ok(await uploads.saveImage(request.company.id, null, content, 'private'), messages.recordServer.uploadSuccess);
      },
    );

    app.post(
      '/api/publicapi/get-channel-select',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['registration'],
          summary: 'Channel contacts of the company (CHANNEL and CHANNELJINGLI)',
          response: { 200: envelopeSchema(z.array(channelOptionSchema)) },
        },
      },
      async (request) => ok(await registrations.channelContacts(request.company.id)),
    );

    app.get(
      '/api/publicapi/get-company-by-keyword',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['registration'],
          summary: 'Company names of the company registry containing the keyword',
          querystring: companyKeywordQuerySchema,
          response: { 200: envelopeSchema(z.array(companyOptionSchema)) },
        },
      },
      async (request) => ok(await registrations.searchCompanies(request.query.keyword)),
    );

    app.get(
      '/api/publicapi/get-company-by-name',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['registration'],
          summary: 'The credit code of a company of the registry (404 when unknown)',
          querystring: companyNameQuerySchema,
          response: { 200: envelopeSchema(companyCreditSchema) },
        },
      },
      async (request) => ok(await registrations.companyByName(request.query.name)),
    );

    app.post(
      '/api/publicapi/get-registration-list',
      {
        config: { page: 'registerReview' },
        schema: {
          tags: ['registration'],
          summary: 'Pending registrations, oldest first (AUDITORADMIN)',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(pageSchema(registrationItemSchema)) },
        },
      },
      async (request) =>
        ok(await registrations.listPending(request.company.id, request.query.page, request.query.pageSize)),
    );

    app.post(
      '/api/publicapi/review-registration',
      {
        config: { page: 'registerReview' },
        schema: {
          tags: ['registration'],
          summary: 'Approve (distributor + general account) or reject with a reason; SMS notice either way (AUDITORADMIN)',
          body: reviewRegistrationSchema,
          response: { 200: envelopeSchema(reviewResultSchema) },
        },
      },
      async (request) => {
        const result = await registrations.review(request.company, currentUser(request), request.body);
        return ok(result, result.status === 'APPROVED' ? registrationText.reviewApproved : registrationText.reviewRejected);
      },
    );
  };
