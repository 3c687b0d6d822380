import { z } from 'zod';
import {
  addCustomerSchema,
  companyCustomerSchema,
  customerListQuerySchema,
  customerSchema,
  daikanSchema,
  groupedSchema,
  removeCustomerSchema,
} from '../schemas/record';
import {
  addFollowUpSchema,
  customerDetailQuerySchema,
  customerDetailSchema,
  customerIntentInputSchema,
  customerIntentSchema,
  editCustomerSchema,
  followUpListQuerySchema,
  followUpSchema,
} from '../schemas/customer-page';
import { pageQuerySchema, pageSchema } from '../schemas/envelope';
import { preprocess } from '../schemas/fields';
import { defineEndpoint } from './endpoint';

/** An absent body is an empty one (the lists' keyword is optional). */
const optionalBody = <T extends z.ZodType>(schema: T) => preprocess<z.input<T> | null | undefined>()((body) => body ?? {}, schema);

const tags = ['customer'] as const;

/**
 * A customer's page (docs/decisions/088): its owner reads and writes; a shop manager or general
 * account reads the customers 公司客户 lists (scope 'view'); anyone else gets 404.
 */
const ownCustomer = { from: 'body', field: 'id', kind: 'customer' } as const;
const viewedCustomer = { ...ownCustomer, scope: 'view' } as const;

/** Customers: the user's own, the company's (read-only), and the viewing staff to pick from. */
export const customerApi = {
  getCustomerList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-customer-list',
    tags,
    summary: 'The user’s own customers grouped by pinyin initial; keyword matches name or phone',
    body: optionalBody(customerListQuerySchema),
    data: groupedSchema(customerSchema),
    access: { auth: 'required', page: 'customerList' },
  }),
  getCompanyCustomerList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-company-customer-list',
    tags,
    summary:
      '公司客户 (read-only): the customers of the shop manager’s brokers, or of the general account’s distributor, with their owner; grouped; keyword matches name or phone',
    body: optionalBody(customerListQuerySchema),
    data: groupedSchema(companyCustomerSchema),
    access: { auth: 'required', page: 'companyCustomers' },
  }),
  addCustomer: defineEndpoint({
    method: 'POST',
    path: '/api/record/add-customer',
    tags,
    summary: 'Add a customer (add-customer dialog rules); Idempotency-Key accepted',
    body: addCustomerSchema,
    data: customerSchema,
    access: { auth: 'required', page: 'customerList' },
  }),
  removeCustomer: defineEndpoint({
    method: 'POST',
    path: '/api/record/remove-customer',
    tags,
    summary: 'Delete one of the user’s own customers',
    body: removeCustomerSchema,
    data: z.number(),
    access: { auth: 'required', page: 'customerList', object: ownCustomer },
  }),
  getCustomerDetail: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-customer-detail',
    tags,
    summary:
      'A customer’s page: the customer with signed proofs, its intention, the newest follow-ups and its reports across listings (phones as decision 019 shows them); the owner’s, or read-only for the shop manager or general account whose 公司客户 lists it',
    body: customerDetailQuerySchema,
    data: customerDetailSchema,
    access: { auth: 'required', page: 'customerDetail', object: viewedCustomer },
  }),
  getCustomerFollowUps: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-customer-follow-ups',
    tags,
    summary: '跟进记录 of a customer, newest first, page by page (who may read it as get-customer-detail)',
    query: pageQuerySchema,
    body: followUpListQuerySchema,
    data: pageSchema(followUpSchema),
    access: { auth: 'required', page: 'customerDetail', object: viewedCustomer },
  }),
  editCustomer: defineEndpoint({
    method: 'POST',
    path: '/api/record/edit-customer',
    tags,
    summary: 'Edit one of the user’s own customers with the add-customer rules; the proofs given replace the old ones',
    body: editCustomerSchema,
    data: customerSchema,
    access: { auth: 'required', page: 'customerList', object: ownCustomer },
  }),
  setCustomerIntent: defineEndpoint({
    method: 'POST',
    path: '/api/record/set-customer-intent',
    tags,
    summary: '意向 of one of the user’s own customers: level 高/中/低 or none, budget, area, layout and free tags (trimmed, each once)',
    body: customerIntentInputSchema,
    data: customerIntentSchema,
    access: { auth: 'required', page: 'customerList', object: ownCustomer },
  }),
  addCustomerFollowUp: defineEndpoint({
    method: 'POST',
    path: '/api/record/add-customer-follow-up',
    tags,
    summary: 'Log a follow-up (电话/微信/带看/其他, a note, when: now or earlier) on one of the user’s own customers',
    body: addFollowUpSchema,
    data: followUpSchema,
    access: { auth: 'required', page: 'customerList', object: ownCustomer },
  }),
  getDaikanList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-daikan-list',
    tags,
    summary: 'Viewing staff: the user’s distributor colleagues, grouped',
    data: groupedSchema(daikanSchema),
    access: { auth: 'required', page: 'selectStaff' },
  }),
};
