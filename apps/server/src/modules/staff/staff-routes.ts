import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@baobei/shared/messages';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
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
} from '@baobei/shared/schemas/staff';
import { ok } from '../../lib/envelope';
import { currentUser } from '../../plugins/auth';
import type { StaffService } from './staff-service';

const staffText = messages.staff;

/**
 * Staff calls of part 2, section 7. `page` admits only those who may open the staff pages
 * of the route table (DIANZHANG); the service decides whom each of them manages.
 */
export const staffRoutes =
  (staff: StaffService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/get-user-list',
      {
        config: { page: 'staffList' },
        schema: {
          tags: ['staff'],
          summary: 'The staff the user manages, grouped by pinyin initial: a general account’s shop managers, a shop manager’s brokers',
          response: { 200: envelopeSchema(z.array(staffGroupSchema)) },
        },
      },
      async (request) => ok(await staff.list(currentUser(request))),
    );

    app.post(
      '/api/user/add-user',
      {
        config: { page: 'staffList', idempotency: 'staff-add' },
        schema: {
          tags: ['staff'],
          summary: 'Add a shop manager (general account) or a broker (shop manager); password: the last six digits of the phone, changed at first login',
          body: addStaffSchema,
          response: { 200: envelopeSchema(staffSchema) },
        },
      },
      async (request) => {
        const added = await staff.add(currentUser(request), request.body);
        return ok(added.staff, added.msg, staffText.addedTitle);
      },
    );

    app.post(
      '/api/user/update-user',
      {
        config: { page: 'staffList' },
        schema: { tags: ['staff'], summary: 'The staff edit form (the type is read only)', body: updateStaffSchema, response: { 200: envelopeSchema(staffSchema) } },
      },
      async (request) => {
        const { uid, ...input } = request.body;
        return ok(await staff.update(currentUser(request), uid, input), staffText.edited, staffText.editedTitle);
      },
    );

    app.post(
      '/api/user/del-user',
      {
        config: { page: 'staffList' },
        schema: {
          tags: ['staff'],
          summary: 'Unbind a staff member; a shop manager’s staff move to newUid, or are unbound too without it. Their sessions end at once',
          body: delStaffSchema,
          response: { 200: envelopeSchema(delStaffResultSchema) },
        },
      },
      async (request) => ok(await staff.unbind(currentUser(request), request.body.uid, request.body.newUid ?? null), staffText.unbound),
    );

    app.post(
      '/api/user/get-shop-select-list',
      {
        config: { page: 'staffList' },
        schema: { tags: ['staff'], summary: 'The shops the staff edit form offers', response: { 200: envelopeSchema(z.array(shopOptionSchema)) } },
      },
      async (request) => ok(await staff.shops(currentUser(request))),
    );

    app.post(
      '/api/user/get-demo-user-data',
      {
        config: { page: 'staffBatchList' },
        schema: {
          tags: ['staff'],
          summary: 'Batch add: the staff rows of pasted text (line breaks sent as <br>)',
          body: recognizeStaffInputSchema,
          response: { 200: envelopeSchema(z.array(recognizedStaffSchema)) },
        },
      },
      async (request) => ok(staff.recognize(currentUser(request), request.body.message)),
    );

    app.post(
      '/api/user/batch-add-user',
      {
        config: { page: 'staffBatchList', idempotency: 'staff-batch-add' },
        schema: {
          tags: ['staff'],
          summary: 'Batch add in one transaction; the answer tells per row what was added and why a row was refused',
          body: batchAddStaffSchema,
          response: { 200: envelopeSchema(batchAddResultSchema) },
        },
      },
      async (request) => {
        const { result, msg } = await staff.batchAdd(currentUser(request), request.body.list);
        return ok(result, msg);
      },
    );
  };
