import { messages } from '@baobei/shared/messages';
import { validateCustomer } from '@baobei/shared/rules/record-submit';
import type { Customer, CustomerInput } from '@baobei/shared/schemas/record';
import { groupByAnchor, nameAnchor } from '../../lib/name-anchor';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { RecordRepository } from '../record/record-repository';
import type { CustomerRepository, CustomerRow } from './customer-repository';

const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  name: row.name,
  sex: row.sex,
  phone: row.phone,
  telType: row.telType,
  customerPic: row.customerPic,
});

export function createCustomerService(deps: { customers: CustomerRepository; records: RecordRepository }) {
  const { customers, records } = deps;
  return {
    async list(companyId: number, owner: SessionUser, keyword: string) {
      const rows = await customers.listOwn(companyId, owner.id, keyword);
      return groupByAnchor(rows, (r) => r.anchor, (r) => r.name).map((g) => ({ anchor: g.anchor, list: g.list.map(toCustomer) }));
    },

    /** Part 1, section 5 'Add customer'; masked phones pass here, the submit checks each listing's rule. */
    async add(companyId: number, owner: SessionUser, input: CustomerInput): Promise<Customer> {
      const c = { ...input, name: input.name.trim(), phone: input.phone.trim() };
      const bad = validateCustomer(c, { existingPhones: [], maskedAllowed: true });
      if (bad) throw new ValidationError(bad.message);
      if (await customers.findOwnByPhone(companyId, owner.id, c.phone)) throw new ConflictError(messages.customer.phoneDuplicate);
      const pics = [...new Set(c.customerPic)];
      const owned = await records.ownedPictureUrls(companyId, owner.id, pics);
      if (pics.some((p) => !owned.has(p))) throw new ValidationError(messages.recordServer.picNotOwned);
      const row = await customers.insert(
        { companyId, ownerId: owner.id, distributorId: owner.distributorId, name: c.name, sex: c.sex ?? 0, phone: c.phone, telType: c.telType, anchor: nameAnchor(c.name) },
        pics,
      );
      return toCustomer(row);
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
