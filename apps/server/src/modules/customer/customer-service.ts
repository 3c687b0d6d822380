import { isShopManager } from '@baobei/shared/rules/access';
import { messages } from '@baobei/shared/messages';
import { validateCustomer } from '@baobei/shared/rules/record-submit';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import type { CompanyCustomer, Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { groupByAnchor, nameAnchor } from '../../lib/name-anchor';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { RecordService } from '../record/record-service';
import type { PictureSigner } from '../upload/picture-signer';
import type { CustomerRepository, CustomerRow } from './customer-repository';

/** Customers' proofs are private pictures: answered as short-lived signed URLs (decision 018). */
const toCustomer = (row: CustomerRow, pictures: PictureSigner): Customer => ({
  id: row.id,
  name: row.name,
  sex: row.sex,
  phone: row.phone,
  telType: row.telType,
  customerPic: pictures.signAll(row.customerPic),
  picConsent: row.picConsent,
});

export function createCustomerService(deps: { customers: CustomerRepository; records: Pick<RecordService, 'requireCustomerPictures'>; pictures: PictureSigner }) {
  const { customers, records, pictures } = deps;
  return {
    async list(companyId: number, owner: SessionUser, keyword: string) {
      const rows = await customers.listOwn(companyId, owner.id, keyword);
      return groupByAnchor(rows, (r) => r.anchor, (r) => r.name).map((g) => ({ anchor: g.anchor, list: g.list.map((row) => toCustomer(row, pictures)) }));
    },

    /** 公司客户 (docs/decisions/024): read-only, grouped like the user's own list. */
    async companyList(viewer: SessionUser, keyword: string): Promise<{ anchor: string; list: CompanyCustomer[] }[]> {
      // The route is DIANZHANG's (the route table); the scope below is a DIANZHANG's scope.
      if (!isShopManager(viewer.role)) return [];
      const rows = await customers.listOfScope(viewer, keyword);
      return groupByAnchor(rows, (r) => r.anchor, (r) => r.name).map((g) => ({
        anchor: g.anchor,
        list: g.list.map((r) => ({ id: r.id, name: r.name, sex: r.sex, phone: r.phone, telType: r.telType, ownerId: r.ownerId, ownerName: r.ownerName })),
      }));
    },

    /** Part 1, section 5 'Add customer'; masked phones pass here, the submit checks each listing's rule. */
    async add(companyId: number, owner: SessionUser, input: CustomerInput): Promise<Customer> {
      const c = { ...input, name: input.name.trim(), phone: input.phone.trim() };
      const bad = validateCustomer(c, { existingPhones: [], maskedAllowed: true });
      if (bad) throw new ValidationError(bad.message);
      if (await customers.findOwnByPhone(companyId, owner.id, c.phone)) throw new ConflictError(messages.customer.phoneDuplicate);
      // A signed URL the client got from us names the same picture; it is stored without the signature.
      const pics = [...new Set(c.customerPic.map(plainUploadUrl))];
      // The user's own proofs only: an avatar or someone else's picture is refused (docs/decisions/062).
      await records.requireCustomerPictures(companyId, owner.id, pics);
      const row = await customers.insert(
        { companyId, ownerId: owner.id, distributorId: owner.distributorId, name: c.name, sex: c.sex ?? 0, phone: c.phone, telType: c.telType, anchor: nameAnchor(c.name) },
        pics,
        // validateCustomer refused pictures without the customer's consent (docs/decisions/095).
        new Date(),
      );
      return toCustomer(row, pictures);
    },

    async remove(companyId: number, owner: SessionUser, id: number): Promise<number> {
      if (!(await customers.softDelete(companyId, owner.id, id))) throw new NotFoundError(messages.recordServer.customerNotFound);
      return id;
    },

    async daikan(companyId: number, viewer: SessionUser) {
      if (viewer.distributorId === null) return [];
      const staff = await customers.distributorStaff(companyId, viewer.distributorId);
      return groupByAnchor(staff, (s) => nameAnchor(s.name), (s) => s.name);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
