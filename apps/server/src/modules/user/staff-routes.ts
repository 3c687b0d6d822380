import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { StaffService } from './staff-service';

const staffText = messages.staff;

/**
 * Staff calls of part 2, section 7; their access (the staff pages of the route table) is the
 * contract's. The service decides whom each caller manages.
 */
export const staffRoutes =
  (staff: StaffService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(app, api.staff.getUserList, async (request) => ok(await staff.list(currentUser(request))));

    routeFrom(
      app,
      api.staff.addUser,
      async (request) => {
        const added = await staff.add(currentUser(request), request.body);
        return ok(added.staff, added.msg, staffText.addedTitle);
      },
      { config: { idempotency: 'staff-add' } },
    );

    routeFrom(app, api.staff.updateUser, async (request) => {
      const { uid, ...input } = request.body;
      return ok(await staff.update(currentUser(request), uid, input), staffText.edited, staffText.editedTitle);
    });

    routeFrom(app, api.staff.delUser, async (request) =>
      ok(await staff.unbind(currentUser(request), request.body.uid, request.body.newUid ?? null), staffText.unbound),
    );

    routeFrom(app, api.staff.getShopSelectList, async (request) => ok(await staff.shops(currentUser(request))));

    routeFrom(app, api.staff.getDemoUserData, async (request) => ok(staff.recognize(currentUser(request), request.body.message)));

    routeFrom(
      app,
      api.staff.batchAddUser,
      async (request) => {
        const { result, msg } = await staff.batchAdd(currentUser(request), request.body.list);
        return ok(result, msg);
      },
      { config: { idempotency: 'staff-batch-add' } },
    );
  };
