import { AUDITOR_ADMIN_ROLES, AUDITOR_ROLES, DISTRIBUTOR_ROLES } from '../rules/roles';
import {
  adminCommissionPaymentSchema,
  commissionAdjustSchema,
  commissionPaymentInputSchema,
  dealAnswerSchema,
  dealListBodySchema,
  dealListQuerySchema,
  dealListSchema,
  dealEditSchema,
  dealSchema,
  dealSubmitSchema,
  paymentReverseSchema,
} from '../schemas/record-deal';
import { adminDealIdQuerySchema, adminDealSummaryQuerySchema, adminDealSummarySchema } from '../schemas/admin-deal';
import { recordIdSchema } from '../schemas/record-tracking';
import { consoleRead, consoleWrite, reportRef } from './access';
import { defineEndpoint } from './endpoint';

/**
 * Issue 17, item 5 (docs/decisions/052): the deal of a report and its commission (结佣). The
 * report names the deal (`id`), so each call is held to the report scopes of decision 011:
 * recording, adjusting and paying are audit calls (another company's or auditor's report is
 * 404); reading is the detail's scope; the lists are the report lists' scopes.
 */
const tags = ['record deal'];

export const recordDealApi = {
  submitRecordDeal: defineEndpoint({
    method: 'POST',
    path: '/api/record/submit-record-deal',
    tags,
    summary: 'Record the deal of a 成交 report (unit, area, price, signing date, contract); the commission from the listing’s policy valid that day; Idempotency-Key accepted',
    body: dealSubmitSchema,
    data: dealSchema,
    access: { auth: 'required', roles: AUDITOR_ROLES, object: reportRef('audit') },
  }),
  getRecordDeal: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-record-deal',
    tags,
    summary: 'A report’s deal with its commission breakdown and payments; { deal: null } when none is recorded',
    body: recordIdSchema,
    data: dealAnswerSchema,
    access: { auth: 'required', object: reportRef('view') },
  }),
  adjustRecordCommission: defineEndpoint({
    method: 'POST',
    path: '/api/record/adjust-record-commission',
    tags,
    summary: 'The auditor admin adjusts a deal’s commission with a reason (never below what was paid); 409 when `version` is stale',
    body: commissionAdjustSchema,
    data: dealSchema,
    access: { auth: 'required', roles: AUDITOR_ADMIN_ROLES, object: reportRef('audit') },
  }),
  addCommissionPayment: defineEndpoint({
    method: 'POST',
    path: '/api/record/add-commission-payment',
    tags,
    summary: 'The auditor admin records a payment of a deal’s commission; the settlement state follows; more than is left is refused; Idempotency-Key accepted',
    body: commissionPaymentInputSchema,
    data: dealSchema,
    access: { auth: 'required', roles: AUDITOR_ADMIN_ROLES, object: reportRef('audit') },
  }),
  editRecordDeal: defineEndpoint({
    method: 'POST',
    path: '/api/record/edit-record-deal',
    tags,
    summary: 'The auditor admin corrects a recorded deal with a reason: the commission is recomputed (kept when adjusted), never below what was paid; 409 when `version` is stale',
    body: dealEditSchema,
    data: dealSchema,
    access: { auth: 'required', roles: AUDITOR_ADMIN_ROLES, object: reportRef('audit') },
  }),
  reverseCommissionPayment: defineEndpoint({
    method: 'POST',
    path: '/api/record/reverse-commission-payment',
    tags,
    summary: 'The auditor admin reverses (冲销) one payment with a reason: kept, no longer counted as paid; the settlement state follows',
    body: paymentReverseSchema,
    data: dealSchema,
    access: { auth: 'required', roles: AUDITOR_ADMIN_ROLES, object: reportRef('audit') },
  }),
  getDealList: defineEndpoint({
    method: 'POST',
    path: '/api/record/get-deal-list',
    tags,
    summary: '我的佣金: the deals of the viewer’s own reports (scope own) or of a shop manager’s shop (scope company), newest signing first, with the pending and settled sums',
    query: dealListQuerySchema,
    body: dealListBodySchema,
    data: dealListSchema,
    access: { auth: 'required', roles: DISTRIBUTOR_ROLES },
  }),
};

/** The console's side (docs/decisions/052): the operator records a payment of any report of the company. */
export const adminDealApi = {
  addPayment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deal/add-payment',
    tags: ['admin'],
    summary: 'Record a payment of a report’s commission (the company’s reports only; another company’s is 404); Idempotency-Key accepted',
    body: adminCommissionPaymentSchema,
    data: dealSchema,
    access: consoleWrite('deals'),
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deal/edit',
    tags: ['admin'],
    summary: 'Correct a recorded deal of the company with a reason (not its contract picture: the console uploads no proofs); as edit-record-deal',
    body: dealEditSchema.omit({ contractPicture: true }),
    data: dealSchema,
    access: consoleWrite('deals'),
  }),
  adjust: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deal/adjust',
    tags: ['admin'],
    summary: 'Adjust a recorded deal’s commission of the company with a reason (never below what was paid); as adjust-record-commission; 409 when `version` is stale',
    body: commissionAdjustSchema,
    data: dealSchema,
    access: consoleWrite('deals'),
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deal/submit',
    tags: ['admin'],
    summary: 'Record the deal of a 成交 report of the company, its contract picture the operator’s own proof upload (/api/admin/upload/proof); as submit-record-deal; Idempotency-Key accepted',
    body: dealSubmitSchema,
    data: dealSchema,
    access: consoleWrite('deals'),
  }),
  reversePayment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deal/reverse-payment',
    tags: ['admin'],
    summary: 'Reverse (冲销) one payment of a report of the company with a reason; as reverse-commission-payment',
    body: paymentReverseSchema,
    data: dealSchema,
    access: consoleWrite('deals'),
  }),
  getDeal: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deal/get-deal',
    tags: ['admin'],
    summary: 'A report’s deal with its commission breakdown, policy snapshot and payments (the company’s reports only; another company’s is 404); { deal: null } when none is recorded',
    query: adminDealIdQuerySchema,
    data: dealAnswerSchema,
    access: consoleRead('deals'),
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deal/summary',
    tags: ['admin'],
    summary: 'The company’s deals signed in a statistics period: count, value, commission owed, paid and pending',
    query: adminDealSummaryQuerySchema,
    data: adminDealSummarySchema,
    access: consoleRead('overview'),
  }),
};
