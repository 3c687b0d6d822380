import { z } from 'zod';
import { feedbackSchema } from '../schemas/feedback';
import { updateInfoResultSchema, updateInfoSchema } from '../schemas/profile';
import { userSelectOptionSchema } from '../schemas/record-tracking';
import { required } from './access';
import { defineEndpoint } from './endpoint';

/** The own profile, feedback and the broker options of the 公司订单 filter. */
export const userApi = {
  addGbook: defineEndpoint({
    method: 'POST',
    path: '/api/user/add-gbook',
    tags: ['user'],
    summary: 'Send feedback (help and feedback page); Idempotency-Key accepted',
    body: feedbackSchema,
    data: z.null(),
    access: { auth: 'required', page: 'help' },
  }),
  getUsersSelectList: defineEndpoint({
    method: 'POST',
    path: '/api/user/get-users-select-list',
    tags: ['user'],
    summary: 'Broker options of the 公司订单 filter: the shop, or the whole distributor for a general account',
    data: z.array(userSelectOptionSchema),
    access: { auth: 'required', page: 'subDistributorRecordList' },
  }),
  updateInfo: defineEndpoint({
    method: 'POST',
    path: '/api/user/update-info',
    tags: ['user'],
    summary:
      'Update the own profile: any of avatar (an own upload), sex, name, phone (with `code`, the SMS sent to it), resume, vacation (AUDITOR only)',
    body: updateInfoSchema,
    data: updateInfoResultSchema,
    access: required,
  }),
};
