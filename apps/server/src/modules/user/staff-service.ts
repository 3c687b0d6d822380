import { isBroker, isShopManager } from '@baobei/shared/rules/access';
import { messages } from '@baobei/shared/messages';
import {
  addedStaffType,
  initialStaffPassword,
  recognizeStaffText,
  STAFF_BATCH_MAX,
  staffAddedMessage,
  validateStaffBatch,
  validateStaffDraft,
  type StaffDraft,
  type StaffType,
} from '@baobei/shared/rules/staff';
import type { BatchAddResult, DelStaffResult, RecognizedStaff, ShopOption, Staff, StaffGroup, StaffInput } from '@baobei/shared/schemas/staff';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { groupByAnchor, nameAnchor } from '../../lib/name-anchor';
import { hashPassword } from '../../lib/password';
import type { NewStaff, StaffActor, StaffRepository, StaffRow } from './staff-repository';

const staffText = messages.staff;

const toStaff = (row: StaffRow): Staff => ({
  uid: row.uid,
  name: row.name,
  phone: row.phone,
  sex: row.sex,
  shopname: row.shopName,
  distributorStaffType: isShopManager(row.role) ? 'DIANZHANG' : 'YUEWUYUAN',
  subordinates: row.subordinates,
});

const clean = (input: StaffInput): StaffDraft => ({
  name: input.name.trim(),
  shopname: input.shopname.trim(),
  phone: input.phone.trim(),
  sex: input.sex,
});

/**
 * Staff management (part 2, sections 2.5, 4, 5, 6). The routes admit DIANZHANG only
 * (the staffList page of the route table); which accounts an actor may touch is the
 * access module's one SQL condition, `managedBy` (access/scopes.ts): anything else is "not found".
 */
export function createStaffService({ staff }: { staff: StaffRepository }) {
  /** The account an actor's row becomes: a general account's shop manager, or a manager's broker in the manager's shop. */
  async function newStaff(actor: StaffActor, draft: StaffDraft): Promise<NewStaff> {
    const role: StaffType = addedStaffType(actor.distributorControl);
    return {
      name: draft.name,
      phone: draft.phone,
      sex: draft.sex,
      shopName: actor.distributorControl ? draft.shopname : actor.shopName,
      role,
      managerId: isBroker(role) ? actor.id : null,
      passwordHash: await hashPassword(initialStaffPassword(draft.phone)),
    };
  }

  return {
    async list(actor: StaffActor): Promise<StaffGroup[]> {
      const rows = await staff.listManaged(actor);
      return groupByAnchor(rows.map(toStaff), (r) => nameAnchor(r.name), (r) => r.name);
    },

    /** Part 2, section 5, 'Add staff': the answer's msg is the success dialog of section 8. */
    async add(actor: StaffActor, input: StaffInput): Promise<{ staff: Staff; msg: string }> {
      const draft = clean(input);
      const failure = validateStaffDraft(draft, actor);
      if (failure) throw new ValidationError(failure);
      const [added] = await staff.addMany(actor, [await newStaff(actor, draft)]);
      if (!added) throw new ConflictError(staffText.phoneTaken);
      const row = await staff.findManaged(actor, added.id);
      if (!row) throw new NotFoundError(staffText.notFound);
      return { staff: toStaff(row), msg: staffAddedMessage(addedStaffType(actor.distributorControl)) };
    },

    /** The edit form: the same rules; the type stays; a shop manager's brokers stay in the manager's shop. */
    async update(actor: StaffActor, uid: number, input: StaffInput): Promise<Staff> {
      const draft = clean(input);
      const failure = validateStaffDraft(draft, actor);
      if (failure) throw new ValidationError(failure);
      if (!(await staff.findManaged(actor, uid))) throw new NotFoundError(staffText.notFound);
      if (await staff.phoneHeldByOther(actor.companyId, draft.phone, uid)) throw new ConflictError(staffText.phoneTaken);
      const shopName = actor.distributorControl ? draft.shopname : actor.shopName;
      const row = await staff.update(actor, uid, { name: draft.name, phone: draft.phone, sex: draft.sex, shopName });
      if (!row) throw new NotFoundError(staffText.notFound);
      return toStaff(row);
    },

    /** Part 2, section 4: unbind, with a shop manager's staff moved to `newUid` or unbound too. */
    async unbind(actor: StaffActor, uid: number, newUid: number | null): Promise<DelStaffResult> {
      const outcome = await staff.unbind(actor, uid, newUid);
      if (outcome.kind === 'notFound') throw new NotFoundError(staffText.notFound);
      if (outcome.kind === 'badHeir') throw new ValidationError(staffText.transferTargetInvalid);
      return { uid, transferred: outcome.transferred, unbound: outcome.unbound };
    },

    async shops(actor: StaffActor): Promise<ShopOption[]> {
      return (await staff.shops(actor)).map((name) => ({ label: name, value: name }));
    },

    /** Part 2, section 5, 'Batch add': the rows of the pasted text, for the batch screen. */
    recognize(actor: StaffActor, message: string): RecognizedStaff[] {
      if (!message.trim()) throw new ValidationError(staffText.recognizeEmpty);
      const rows = recognizeStaffText(message, { withShop: actor.distributorControl });
      if (rows.length === 0) throw new ValidationError(staffText.recognizeNothing);
      if (rows.length > STAFF_BATCH_MAX) throw new ValidationError(staffText.batchTooMany(STAFF_BATCH_MAX));
      return rows;
    },

    /**
     * The batch screen's rows in one transaction: each valid row with a free phone is added,
     * each other row is reported with the reason it was refused.
     */
    async batchAdd(actor: StaffActor, input: StaffInput[]): Promise<{ result: BatchAddResult; msg: string }> {
      if (input.length === 0) throw new ValidationError(staffText.batchNothing);
      const drafts = input.map(clean);
      const failures = validateStaffBatch(drafts, actor);
      const valid = drafts.flatMap((draft, i) => (failures[i] ? [] : [{ draft, i }]));
      const prepared = await Promise.all(valid.map(({ draft }) => newStaff(actor, draft)));
      const added = await staff.addMany(actor, prepared);
      const reasons: string[] = [...failures].map((f) => f ?? '');
      const uids: (number | null)[] = drafts.map(() => null);
      valid.forEach(({ i }, k) => {
        const row = added[k];
        if (row) uids[i] = row.id;
        else reasons[i] = staffText.phoneTaken;
      });
      const list = drafts.map((d, i) => ({ name: d.name, phone: d.phone, uid: uids[i] ?? null, added: uids[i] != null, reason: reasons[i] ?? '' }));
      const count = list.filter((r) => r.added).length;
      const result = { added: count, refused: list.length - count, list };
      return { result, msg: staffText.batchResult(result.added, result.refused) };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
