import { z } from 'zod';
import {
  addStaffSchema,
  batchAddResultSchema,
  batchAddStaffSchema,
  delStaffResultSchema,
  delStaffSchema,
  recognizedStaffSchema,
  recognizeStaffInputSchema,
  shopOptionSchema,
  staffGroupSchema,
  staffSchema,
  updateStaffSchema,
} from '../schemas/staff';
import type { ObjectRef } from './access';
import { defineEndpoint } from './endpoint';

const staffRef: ObjectRef = { from: 'body', field: 'uid', kind: 'staff' };

/**
 * Staff calls of part 2, section 7. `page` admits only those who may open the staff pages
 * of the route table (DIANZHANG); the service decides whom each of them manages.
 */
export const staffApi = {
  getUserList: defineEndpoint({
    method: 'POST',
    path: '/api/user/get-user-list',
    tags: ['staff'],
    summary: 'The staff the user manages, grouped by pinyin initial: a general account’s shop managers, a shop manager’s brokers',
    data: z.array(staffGroupSchema),
    access: { auth: 'required', page: 'staffList' },
  }),
  addUser: defineEndpoint({
    method: 'POST',
    path: '/api/user/add-user',
    tags: ['staff'],
    summary: 'Add a shop manager (general account) or a broker (shop manager); password: the last six digits of the phone, changed at first login',
    body: addStaffSchema,
    data: staffSchema,
    access: { auth: 'required', page: 'staffList' },
  }),
  updateUser: defineEndpoint({
    method: 'POST',
    path: '/api/user/update-user',
    tags: ['staff'],
    summary: 'The staff edit form (the type is read only)',
    body: updateStaffSchema,
    data: staffSchema,
    access: { auth: 'required', page: 'staffList', object: staffRef },
  }),
  delUser: defineEndpoint({
    method: 'POST',
    path: '/api/user/del-user',
    tags: ['staff'],
    summary: 'Unbind a staff member; a shop manager’s staff move to newUid, or are unbound too without it. Their sessions end at once',
    body: delStaffSchema,
    data: delStaffResultSchema,
    access: { auth: 'required', page: 'staffList', object: staffRef },
  }),
  getShopSelectList: defineEndpoint({
    method: 'POST',
    path: '/api/user/get-shop-select-list',
    tags: ['staff'],
    summary: 'The shops the staff edit form offers',
    data: z.array(shopOptionSchema),
    access: { auth: 'required', page: 'staffList' },
  }),
  getDemoUserData: defineEndpoint({
    method: 'POST',
    path: '/api/user/get-demo-user-data',
    tags: ['staff'],
    summary: 'Batch add: the staff rows of pasted text (line breaks sent as <br>)',
    body: recognizeStaffInputSchema,
    data: z.array(recognizedStaffSchema),
    access: { auth: 'required', page: 'staffBatchList' },
  }),
  batchAddUser: defineEndpoint({
    method: 'POST',
    path: '/api/user/batch-add-user',
    tags: ['staff'],
    summary: 'Batch add in one transaction; the answer tells per row what was added and why a row was refused',
    body: batchAddStaffSchema,
    data: batchAddResultSchema,
    access: { auth: 'required', page: 'staffBatchList' },
  }),
};
