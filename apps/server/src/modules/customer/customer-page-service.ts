import { messages } from '@baobei/shared/messages';
import { CUSTOMER_REPORTS_SHOWN, FOLLOW_UP_PAGE_SIZE, followUpProblem, intentTagsProblem, normalizeIntentTags, type FollowUpKind } from '@baobei/shared/rules/customer-page';
import { isReportExpired } from '@baobei/shared/rules/record-view';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { reportPhoneFor } from '@baobei/shared/rules/report-phone';
import { validateCustomer } from '@baobei/shared/rules/record-submit';
import { formatShanghaiMinute, parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import type { addFollowUpSchema, CustomerDetail, CustomerIntent, customerIntentInputSchema, EditCustomerInput, FollowUp } from '@baobei/shared/schemas/customer-page';
import type { z } from 'zod';
import type { Customer } from '@baobei/shared/schemas/record';
import { nameAnchor } from '../../lib/name-anchor';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { RecordService } from '../record/record-service';
import type { PictureSigner } from '../upload/picture-signer';
import type { CustomerRepository } from './customer-repository';
import type { CustomerIntentColumns, CustomerPageRepository } from './customer-page-repository';

const notFound = () => new NotFoundError(messages.recordServer.customerNotFound);

const toIntent = (row: CustomerIntentColumns): CustomerIntent => ({
  level: row.intentLevel,
  budget: row.intentBudget,
  area: row.intentArea,
  layout: row.intentLayout,
  tags: row.intentTags,
});

const toFollowUp = (row: { id: number; kind: FollowUpKind; note: string; happenedAt: Date; authorName: string }): FollowUp => ({
  id: row.id,
  kind: row.kind,
  note: row.note,
  happenedAt: formatShanghaiMinute(row.happenedAt),
  authorName: row.authorName,
});

type IntentInput = z.output<typeof customerIntentInputSchema>;
type FollowUpInput = z.output<typeof addFollowUpSchema>;

/**
 * A customer's page (issue 32, item 1; docs/decisions/088). Who may read is the SQL scope of
 * the repository (customerPageScope); every write is the owner's, checked in its statement.
 * Outside either: 404 with 客户不存在或已删除, as remove-customer answers.
 */
export function createCustomerPageService(deps: {
  pages: CustomerPageRepository;
  customers: Pick<CustomerRepository, 'findOwnByPhone'>;
  records: Pick<RecordService, 'requireCustomerPictures'>;
  pictures: PictureSigner;
}) {
  const { pages, customers, records, pictures } = deps;

  const toCustomer = (row: { id: number; name: string; sex: number; phone: string; telType: number }, pics: { urls: string[]; consent: boolean }): Customer => ({
    id: row.id,
    name: row.name,
    sex: row.sex,
    phone: row.phone,
    telType: row.telType,
    customerPic: pictures.signAll(pics.urls),
    picConsent: pics.consent,
  });

  return {
    /** The scoped customer, then four queries at once, whatever the number of follow-ups and reports. */
    async detail(viewer: SessionUser, id: number): Promise<CustomerDetail> {
      const found = await pages.viewable(viewer, id);
      if (!found) throw notFound();
      const c = found.customer;
      const [pics, followUps, reports] = await Promise.all([
        pages.images(c.id),
        pages.followUps(c.companyId, c.id, FOLLOW_UP_PAGE_SIZE, 0),
        pages.reports(c.companyId, c.id, CUSTOMER_REPORTS_SHOWN),
      ]);
      return {
        customer: toCustomer(c, pics),
        ownerName: found.ownerName,
        canEdit: c.ownerId === viewer.id,
        createdAt: formatShanghaiMinute(c.createdAt),
        intent: toIntent(c),
        followUps: { list: followUps.list.map(toFollowUp), total: followUps.total },
        reports: {
          total: reports.total,
          list: reports.list.map((r) => ({
            id: r.id,
            houseId: r.houseId,
            houseName: r.houseName,
            approvalStatus: r.status,
            statusText: RECORD_STATUS_TEXT[r.status],
            expired: isReportExpired(r.status, r.protectionExpiredAt),
            // Decision 019: the reader's view of the number as the listing's rule shows it.
            phone: reportPhoneFor(viewer.role, r.ruleTel, r.customerPhone),
            ruleTel: r.ruleTel,
            createdAt: formatShanghaiMinute(r.createdAt),
          })),
        },
      };
    },

    async followUps(viewer: SessionUser, id: number, page: number, pageSize: number) {
      const found = await pages.viewable(viewer, id);
      if (!found) throw notFound();
      const { list, total } = await pages.followUps(found.customer.companyId, id, pageSize, (page - 1) * pageSize);
      return { list: list.map(toFollowUp), total, page, pageSize };
    },

    /** The add rules (part 1, section 5 'Add customer'; customer-service add), on the owner's customer. */
    async edit(owner: SessionUser, input: EditCustomerInput): Promise<Customer> {
      const companyId = owner.companyId;
      if (!(await pages.own(companyId, owner.id, input.id))) throw notFound();
      const c = { ...input, name: input.name.trim(), phone: input.phone.trim() };
      const bad = validateCustomer(c, { existingPhones: [], maskedAllowed: true });
      if (bad) throw new ValidationError(bad.message);
      const holder = await customers.findOwnByPhone(companyId, owner.id, c.phone);
      if (holder && holder.id !== c.id) throw new ConflictError(messages.customer.phoneDuplicate);
      const pics = [...new Set(c.customerPic.map(plainUploadUrl))];
      // The user's own proofs only (docs/decisions/062): new uploads, or this user's customers' images.
      await records.requireCustomerPictures(companyId, owner.id, pics);
      const values = { name: c.name, sex: c.sex ?? 0, phone: c.phone, telType: c.telType, anchor: nameAnchor(c.name) };
      // validateCustomer refused pictures without the customer's consent (docs/decisions/095).
      if (!(await pages.update(companyId, owner.id, c.id, values, pics, new Date()))) throw notFound();
      return toCustomer({ id: c.id, ...values }, { urls: pics, consent: true });
    },

    async setIntent(owner: SessionUser, input: IntentInput): Promise<CustomerIntent> {
      const tags = normalizeIntentTags(input.tags);
      const bad = intentTagsProblem(tags);
      if (bad) throw new ValidationError(bad);
      const row = await pages.setIntent(owner.companyId, owner.id, input.id, {
        intentLevel: input.level === '' ? null : input.level,
        intentBudget: input.budget,
        intentArea: input.area,
        intentLayout: input.layout,
        intentTags: tags,
      });
      if (!row) throw notFound();
      return toIntent(row);
    },

    async addFollowUp(owner: SessionUser, input: FollowUpInput, now = new Date()): Promise<FollowUp> {
      if (!(await pages.own(owner.companyId, owner.id, input.id))) throw notFound();
      const bad = followUpProblem(input, now);
      if (bad) throw new ValidationError(bad);
      const row = await pages.addFollowUp({
        companyId: owner.companyId,
        customerId: input.id,
        authorId: owner.id,
        // followUpProblem refused '' (no kind chosen).
        kind: input.kind as FollowUpKind,
        note: input.note.trim(),
        happenedAt: input.happenedAt ? parseShanghaiMinute(input.happenedAt)! : now,
      });
      return toFollowUp({ ...row, authorName: owner.name });
    },
  };
}

export type CustomerPageService = ReturnType<typeof createCustomerPageService>;
