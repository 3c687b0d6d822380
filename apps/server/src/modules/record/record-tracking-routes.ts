import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { transitionRulesOf } from '@baobei/shared/rules/record-status';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { ExternalReport, RecordDetail, RecordListItem } from '@baobei/shared/schemas/record-tracking';
import type { RecordTrackingService } from './record-tracking-service';

export const recordTrackingRoutes =
  (tracking: RecordTrackingService): FastifyPluginAsync =>
  async (app) => {
    const { record } = api;
    // docs/decisions/092: each answer that may carry a customer's full number logs whom it showed.
    const { shows } = app.piiAccess;
    // The lists log their page as soon as its rows are read, beside the tab counts (the service's onShown).
    const itemsShow = shows((items: RecordListItem[]) => items.map((r) => ({ phone: r.customerInfo.phone, recordId: r.id })));
    const detailShows = shows((d: RecordDetail) => [{ phone: d.customerInfo.phone, recordId: d.id }]);

    routeFrom(app, record.getRecordList, async (request) =>
      ok(await tracking.recordList(currentUser(request), request.body, request.query, (items) => itemsShow(request, items))),
    );

    routeFrom(app, record.getDistributorRecordList, async (request) =>
      ok(await tracking.distributorRecordList(currentUser(request), request.body, request.query, (items) => itemsShow(request, items))),
    );

    routeFrom(app, record.getRecordData, async (request) =>
      ok(await tracking.recordData(currentUser(request), request.body.id, transitionRulesOf(request.company))),
      { onAnswer: detailShows },
    );

    routeFrom(app, record.getRecordAuditData, async (request) =>
      ok(await tracking.auditData(currentUser(request), request.body.id, transitionRulesOf(request.company))),
      { onAnswer: detailShows },
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
      // No account: logged as EXTERNAL; a MASKED listing's numbers arrive masked and are not logged.
      { onAnswer: shows((d: { list: ExternalReport[] }) => d.list.map((r) => ({ phone: r.customerPhone, recordId: r.id }))) },
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
