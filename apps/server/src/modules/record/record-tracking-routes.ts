import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { transitionRulesOf } from '@baobei/shared/rules/record-status';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { RecordTrackingService } from './record-tracking-service';

export const recordTrackingRoutes =
  (tracking: RecordTrackingService): FastifyPluginAsync =>
  async (app) => {
    const { record } = api;

    routeFrom(app, record.getRecordList, async (request) =>
      ok(await tracking.recordList(currentUser(request), request.body, request.query)),
    );

    routeFrom(app, record.getDistributorRecordList, async (request) =>
      ok(await tracking.distributorRecordList(currentUser(request), request.body, request.query)),
    );

    routeFrom(app, record.getRecordData, async (request) =>
      ok(await tracking.recordData(currentUser(request), request.body.id, transitionRulesOf(request.company))),
    );

    routeFrom(app, record.getRecordAuditData, async (request) =>
      ok(await tracking.auditData(currentUser(request), request.body.id, transitionRulesOf(request.company))),
    );

    routeFrom(app, record.submitRecordAuditData, async (request) =>
      ok(
        await tracking.submitAudit(currentUser(request), request.body, transitionRulesOf(request.company)),
        messages.recordTrack.auditSubmitted,
      ),
    );

    routeFrom(app, record.uploadRecordImage, async (request) =>
      ok(await tracking.uploadImage(currentUser(request), request.body.id, request.body.url), messages.recordTrack.imageUploaded),
    );

    routeFrom(app, record.removeRecordImage, async (request) =>
      ok(
        await tracking.removeImage(currentUser(request), request.body.id, request.body.imageId),
        messages.recordTrack.deleteImageSuccess,
      ),
    );

    routeFrom(app, record.updateRecordCustomerInfo, async (request) =>
      ok(await tracking.addDynamic(currentUser(request), request.body.id, request.body.remark), messages.recordTrack.dynamicAdded),
    );

    // External list: no session; the tenant still comes from the host and companyId header.

    routeFrom(app, record.getReportAutoList, async (request) =>
      ok(await tracking.externalList(request.company.id, request.body, request.query)),
    );

    routeFrom(app, record.getReportAutoCount, async (request) => ok(await tracking.externalCount(request.company.id, request.query)));

    routeFrom(app, record.checkReport, async (request) =>
      ok(await tracking.externalCheck(request.company.id, request.body), messages.recordTrack.externalCheckDone),
    );

    routeFrom(app, record.getReportAutoLink, async (request) =>
      ok(await tracking.externalLink(request.company.id, request.body.houseId)),
    );

    routeFrom(app, record.renewReportAutoLink, async (request) =>
      ok(await tracking.renewExternalLink(currentUser(request), request.body.houseId), messages.recordTrack.externalLinkRenewed),
    );
  };
