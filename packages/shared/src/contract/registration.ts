import { z } from 'zod';
import { cursors, keysetPageQuerySchema, keysetPageSchema } from '../schemas/cursor';
import { uploadResultSchema } from '../schemas/record';
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
} from '../schemas/registration';
import { none } from './access';
import { defineEndpoint } from './endpoint';

/** Distributor registration (public) and its review by AUDITORADMIN (part 2, sections 2, 5, 7, 8). */
export const registrationApi = {
  regDistributor: defineEndpoint({
    method: 'POST',
    path: '/api/publicapi/reg-distributor',
    tags: ['registration'],
    summary: 'Register a distributor; it waits for review and nothing can sign in until approved',
    body: regDistributorSchema,
    data: z.object({ id: z.number() }),
    access: none,
  }),
  uploadLicence: defineEndpoint({
    method: 'POST',
    path: '/api/publicapi/upload-licence',
    tags: ['registration'],
    summary: 'Anonymous upload of the business licence picture (multipart `file`; rate-limited per address)',
    multipart: true,
    data: uploadResultSchema,
    access: none,
  }),
  getChannelSelect: defineEndpoint({
    method: 'POST',
    path: '/api/publicapi/get-channel-select',
    tags: ['registration'],
    summary: 'Channel contacts of the company (CHANNEL and CHANNELJINGLI)',
    data: z.array(channelOptionSchema),
    access: none,
  }),
  getCompanyByKeyword: defineEndpoint({
    method: 'GET',
    path: '/api/publicapi/get-company-by-keyword',
    tags: ['registration'],
    summary: 'Company names of the company registry containing the keyword',
    query: companyKeywordQuerySchema,
    data: z.array(companyOptionSchema),
    access: none,
  }),
  getCompanyByName: defineEndpoint({
    method: 'GET',
    path: '/api/publicapi/get-company-by-name',
    tags: ['registration'],
    summary: 'The credit code of a company of the registry (404 when unknown)',
    query: companyNameQuerySchema,
    data: companyCreditSchema,
    access: none,
  }),
  getRegistrationList: defineEndpoint({
    method: 'POST',
    path: '/api/publicapi/get-registration-list',
    tags: ['registration'],
    summary: 'Pending registrations, oldest first (AUDITORADMIN)',
    query: keysetPageQuerySchema(cursors.registration),
    data: keysetPageSchema(registrationItemSchema),
    access: { auth: 'required', page: 'registerReview' },
  }),
  reviewRegistration: defineEndpoint({
    method: 'POST',
    path: '/api/publicapi/review-registration',
    tags: ['registration'],
    summary: 'Approve (distributor + general account) or reject with a reason; SMS notice either way (AUDITORADMIN)',
    body: reviewRegistrationSchema,
    data: reviewResultSchema,
    access: { auth: 'required', page: 'registerReview', object: { from: 'body', field: 'id', kind: 'registration' } },
  }),
};
