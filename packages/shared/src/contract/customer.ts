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
import { preprocess } from '../schemas/fields';
import { defineEndpoint } from './endpoint';

/** An absent body is an empty one (the lists' keyword is optional). */
const optionalBody = <T extends z.ZodType>(schema: T) => preprocess<z.input<T> | null | undefined>()((body) => body ?? {}, schema);

const tags = ['customer'] as const;

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
    summary: 'Add a customer (add-customer dialog rules)',
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
    access: { auth: 'required', page: 'customerList', object: { from: 'body', field: 'id', kind: 'customer' } },
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
