import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { readUploadedFile } from '../upload/upload-routes';
import type { UploadService } from '../upload/upload-service';
import type { RegistrationService } from './registration-service';

const registrationText = messages.registration;

/** Distributor registration (public) and its review by AUDITORADMIN (part 2, sections 2, 5, 7, 8). */
export const registrationRoutes =
  (registrations: RegistrationService, uploads: UploadService): FastifyPluginAsync =>
  async (app) => {
    routeFrom(
      app,
      api.registration.regDistributor,
      async (request) =>
        ok(await registrations.submit(request.company, request.body, request.clientKey), registrationText.success, registrationText.successTitle),
      { config: { idempotency: 'register' } },
    );

    routeFrom(
      app,
      api.registration.uploadLicence,
      async (request) => {
        await registrations.allowLicenceUpload(request.clientKey);
        const content = await readUploadedFile(request);
        // A business licence is a private picture (decision 018): answered as a signed URL.
        return ok(await uploads.saveImage(request.company.id, null, content, 'licence'), messages.recordServer.uploadSuccess);
      },
      { config: { idempotency: 'upload-licence' } },
    );

    routeFrom(app, api.registration.getChannelSelect, async (request) => ok(await registrations.channelContacts(request.company.id)));

    routeFrom(app, api.registration.getCompanyByKeyword, async (request) =>
      ok(await registrations.searchCompanies(request.company.id, request.query.keyword, request.clientKey)),
    );

    routeFrom(app, api.registration.getCompanyByName, async (request) =>
      ok(await registrations.companyByName(request.company.id, request.query.name, request.clientKey)),
    );

    routeFrom(app, api.registration.getRegistrationList, async (request) =>
      ok(await registrations.listPending(request.company.id, request.query)),
    );

    routeFrom(app, api.registration.reviewRegistration, async (request) => {
      const result = await registrations.review(request.company, currentUser(request), request.body);
      const approved = result.status === 'APPROVED';
      const msg = result.notified
        ? approved ? registrationText.reviewApproved : registrationText.reviewRejected
        : approved ? registrationText.reviewApprovedNotNotified : registrationText.reviewRejectedNotNotified;
      return ok(result, msg);
    });
  };
