import { z } from 'zod';
import { companySchema } from '../schemas/company';
import { dbId, preprocess, text, type NumberInput } from '../schemas/fields';
import { indexDataSchema, searchInfoSchema } from '../schemas/house';
import { recognizeInputSchema, recognizeResultSchema } from '../schemas/record';
import { none, optional } from './access';
import { defineEndpoint } from './endpoint';

/** No city (absent, or '' as the client sends before one is chosen) is the default city. */
const indexQuery = z.object({ cityId: preprocess<NumberInput | undefined>()((v) => (v === '' ? undefined : v), dbId('城市').optional()) });

const searchInfo = {
  path: '/api/index/get-search-info',
  tags: ['house'],
  summary: 'Filter options of the house list',
  data: searchInfoSchema,
  access: optional,
} as const;

/** The home page, search filters, the company and its initial configs. */
export const homeApi = {
  getCompany: defineEndpoint({
    method: 'GET',
    path: '/api/index/get-company',
    tags: ['company'],
    summary: 'Company branding by page host',
    // agreement=1: the answer also carries the company's agreement text (the agreement page);
    // privacy=1: its privacy policy and retention months (the notice and 隐私政策, decision 095).
    query: z.object({ host: text('域名', 255).pipe(z.string().min(1)), agreement: z.enum(['1']).optional(), privacy: z.enum(['1']).optional() }),
    data: companySchema,
    access: { ...none, tenant: 'none' },
  }),
  getIndexData: defineEndpoint({
    method: 'GET',
    path: '/api/index/get-index-data',
    tags: ['index'],
    summary: 'Home data of a city: banners, navigation, columns with listing cards',
    query: indexQuery,
    data: indexDataSchema,
    access: optional,
  }),
  // The spec's catalogue lists it under POST, the listing contract under GET: both answer.
  getSearchInfo: defineEndpoint({ method: 'GET', ...searchInfo }),
  postSearchInfo: defineEndpoint({ method: 'POST', ...searchInfo }),
  getDemoMessage: defineEndpoint({
    method: 'POST',
    path: '/api/publicapi/get-demo-message',
    tags: ['record'],
    summary: 'Smart recognition: customers, viewing person and visitor count from pasted text',
    body: recognizeInputSchema,
    data: recognizeResultSchema,
    access: optional,
  }),
};
