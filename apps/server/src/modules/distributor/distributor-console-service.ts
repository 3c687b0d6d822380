import { messages } from '@baobei/shared/messages';
import { adminDistributorMessages as text_ } from '@baobei/shared/messages/admin';
import type { BatchResult, BatchReviewInput } from '@baobei/shared/schemas/admin-batch';
import { isBroker, isShopManager } from '@baobei/shared/rules/access';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type {
  AdminDistributor,
  AdminDistributorListItem,
  AdminDistributorListQuery,
  AdminRegistrationItem,
  AdminRegistrationListQuery,
  CreateDistributorInput,
  CreatedDistributor,
  UpdateDistributorInput,
} from '@baobei/shared/schemas/admin-distributor';
import type { ReviewRegistrationInput } from '@baobei/shared/schemas/registration';
import type { Db, Executor } from '../../db/client';
import { eachRow, requireAll } from '../../lib/batch';
import { violatedConstraint } from '../../lib/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { generatePassword, hashPassword } from '../../lib/password';
import type { Users } from '../user/user-module';
import type { SessionUser } from '../auth/session-repository';
import type { SessionEnder } from '../auth/auth-service';
import type { CompanyRow } from '../company/company-repository';
import type { RegistrationService } from '../registration/registration-service';
import type { PictureSigner } from '../upload/picture-signer';
import { createDistributorRepository, type DistributorChanges, type DistributorRow } from './distributor-repository';

type Diff = Record<string, { old: unknown; new: unknown }>;

/** A new distributor's columns by the console's names (as update's audit rows name them). */
const auditValues = ({ locationId, ...rest }: { locationId: number } & Record<string, unknown>) => ({ ...rest, cityId: locationId });

/** The columns update may change, by the input's names. */
const EDITABLE = [
  ['name', 'name'],
  ['shortName', 'shortName'],
  ['address', 'address'],
  ['cityId', 'locationId'],
  ['channelUserId', 'channelUserId'],
  ['managerName', 'managerName'],
  ['managerPhone', 'managerPhone'],
] as const satisfies readonly (readonly [keyof UpdateDistributorInput, keyof DistributorRow])[];

export interface DistributorConsoleServiceDeps {
  db: Db;
  pictures: PictureSigner;
  /** The registration module's service: the console's review is the mobile review. */
  registrations: RegistrationService;
  /** The auth module's one rule for ending sessions: disabling ends its people's. */
  sessions: SessionEnder;
  /** The user module's writer: a new distributor's general account. */
  users: Pick<Users, 'create'>;
}

/**
 * The console's distributors and registration review (issue 16, item 1; docs/decisions/046).
 * Every call acts on the host's company for both console roles; another company's distributor
 * is 404. A change and its audit row (actor, old and new values) are one transaction; disabling
 * also ends every session of the distributor's people in it.
 */
export function createDistributorConsoleService({ db, pictures, registrations, sessions, users }: DistributorConsoleServiceDeps) {
  const repo = createDistributorRepository(db);

  async function detail(x: Executor, companyId: number, id: number): Promise<AdminDistributor> {
    const r = createDistributorRepository(x);
    const row = await r.find(companyId, id);
    if (!row) throw new NotFoundError(text_.notFound);
    const staff = await r.staffOf(companyId, id);
    const managers = staff.filter((s) => isShopManager(s.role));
    const shops = managers.map((m) => ({
      managerId: m.id,
      managerName: m.name,
      managerPhone: m.phone,
      shopName: m.shopName,
      distributorControl: m.distributorControl,
      active: m.active,
      brokers: staff.filter((s) => isBroker(s.role) && s.managerId === m.id),
    }));
    return {
      ...row,
      businessLicensePic: pictures.sign(row.businessLicensePic),
      disabledAt: row.disabledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      shops,
      staff,
    };
  }

  async function lockAt(x: Executor, companyId: number, input: { id: number; version: number }): Promise<DistributorRow> {
    const row = await createDistributorRepository(x).lock(companyId, input.id);
    if (!row) throw new NotFoundError(text_.notFound);
    if (row.version !== input.version) throw new ConflictError(text_.staleVersion, { reload: true, version: row.version });
    return row;
  }

  function audit(x: Executor, actor: SessionUser, action: string, id: number, version: number, changes: Diff, extra: Record<string, unknown> = {}) {
    return createDistributorRepository(x).insertAudit({
      companyId: actor.companyId,
      actorId: actor.id,
      action,
      entity: 'distributor',
      entityId: id,
      detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version, changes, ...extra },
    });
  }

  /** A change of `active` at the version read; nothing when it is already so. */
  async function setActive(actor: SessionUser, input: { id: number; version: number }, active: boolean): Promise<AdminDistributor> {
    return db.transaction(async (tx) => {
      const r = createDistributorRepository(tx);
      const row = await lockAt(tx, actor.companyId, input);
      if (row.active === active) return detail(tx, actor.companyId, row.id);
      const changes: DistributorChanges = active ? { active } : { active, disabledAt: new Date() };
      const updated = await r.update(actor.companyId, row.id, input.version, changes);
      if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
      // Disabling ends its people's sessions in the same transaction: no call after the commit passes.
      const sessionsEnded = active ? 0 : await sessions.endSessions(tx, actor.companyId, { distributorId: row.id });
      await audit(tx, actor, active ? 'distributor.enable' : 'distributor.disable', row.id, updated.version, { active: { old: row.active, new: active } }, active ? {} : { sessionsEnded });
      return detail(tx, actor.companyId, row.id);
    });
  }

  return {
    async list(actor: SessionUser, query: AdminDistributorListQuery) {
      const { page, pageSize, keyword, status, cityId } = query;
      const filters = {
        ...(keyword ? { keyword } : {}),
        ...(status ? { active: status === 'enabled' } : {}),
        ...(cityId !== undefined ? { cityId } : {}),
      };
      const { rows, total } = await repo.list(actor.companyId, filters, page, pageSize);
      const list: AdminDistributorListItem[] = rows.map(({ channelPhone: _p, ...row }) => ({
        ...row,
        disabledAt: row.disabledAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
      return { list, total, page, pageSize };
    },

    get: (actor: SessionUser, id: number) => detail(db, actor.companyId, id),

    /**
     * A distributor the operator signs up (issue 30, item 5; docs/decisions/078), as an approved
     * registration makes one: the distributor and its general account (DIANZHANG with
     * distributorControl, the manager's phone), here with a generated password answered once and
     * changed at the first sign-in. One transaction with its audit row; a phone any account of the
     * company holds, or a credit code of another distributor, is 409 and writes nothing.
     */
    async create(actor: SessionUser, input: CreateDistributorInput): Promise<CreatedDistributor> {
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const r = createDistributorRepository(tx);
        const { cityId } = input;
        if (!(await r.cityOfCompany(actor.companyId, cityId))) throw new ValidationError(text_.cityUnknown, { field: 'cityId' });
        if (input.channelUserId !== null && input.channelUserId !== undefined && !(await r.isChannelContact(actor.companyId, input.channelUserId))) {
          throw new ValidationError(text_.channelUnknown, { field: 'channelUserId' });
        }
        if (await r.phoneHeld(actor.companyId, input.managerPhone)) throw new ConflictError(text_.managerPhoneTaken, { field: 'managerPhone' });
        const values = {
          name: input.name,
          shortName: input.shortName,
          creditNo: input.creditNo,
          address: input.address ?? '',
          locationId: cityId,
          channelUserId: input.channelUserId ?? null,
          managerName: input.managerName,
          managerPhone: input.managerPhone,
        };
        // The unique keys decide a race with a registration's approval or a staff add of the same phone.
        const refusal = (error: unknown): never => {
          const key = violatedConstraint(error);
          if (key === 'distributor_credit_no_uq') throw new ConflictError(text_.creditNoTaken, { field: 'creditNo' });
          if (key === 'user_company_phone_uq') throw new ConflictError(text_.managerPhoneTaken, { field: 'managerPhone' });
          throw error;
        };
        const id = await r.insert({ companyId: actor.companyId, ...values }).catch(refusal);
        const accountId = await users
          .create(tx, {
            companyId: actor.companyId,
            distributorId: id,
            role: 'DIANZHANG',
            distributorControl: true,
            shopName: input.shortName,
            name: input.managerName,
            phone: input.managerPhone,
            passwordHash,
            mustChangePassword: true,
          })
          .catch(refusal);
        await r.insertAudit({
          companyId: actor.companyId,
          actorId: actor.id,
          action: 'distributor.create',
          entity: 'distributor',
          entityId: id,
          detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version: 1, values: { ...auditValues(values) }, accountId },
        });
        return { distributor: await detail(tx, actor.companyId, id), account: { id: accountId, name: input.managerName, phone: input.managerPhone, password } };
      });
    },

    async update(actor: SessionUser, input: UpdateDistributorInput): Promise<AdminDistributor> {
      return db.transaction(async (tx) => {
        const r = createDistributorRepository(tx);
        const row = await lockAt(tx, actor.companyId, input);
        const changes: Record<string, unknown> = {};
        const diff: Diff = {};
        for (const [field, column] of EDITABLE) {
          const value = input[field];
          if (value === undefined || value === row[column]) continue;
          changes[column] = value;
          diff[field] = { old: row[column], new: value };
        }
        if (typeof changes.locationId === 'number' && !(await r.cityOfCompany(actor.companyId, changes.locationId))) {
          throw new ValidationError(text_.cityUnknown, { field: 'cityId' });
        }
        if (typeof changes.channelUserId === 'number' && !(await r.isChannelContact(actor.companyId, changes.channelUserId))) {
          throw new ValidationError(text_.channelUnknown, { field: 'channelUserId' });
        }
        // A save that changes nothing writes nothing and keeps the version (as the brand's, decision 039).
        if (Object.keys(diff).length === 0) return detail(tx, actor.companyId, row.id);
        const updated = await r.update(actor.companyId, row.id, input.version, changes as DistributorChanges);
        if (!updated) throw new ConflictError(text_.staleVersion, { reload: true });
        await audit(tx, actor, 'distributor.update', row.id, updated.version, diff);
        return detail(tx, actor.companyId, row.id);
      });
    },

    disable: (actor: SessionUser, input: { id: number; version: number }) => setActive(actor, input, false),
    enable: (actor: SessionUser, input: { id: number; version: number }) => setActive(actor, input, true),

    async registrations(actor: SessionUser, query: AdminRegistrationListQuery) {
      const { page, pageSize, status } = query;
      const { rows, total } = await registrations.consoleList(actor.companyId, status, page, pageSize);
      const list: AdminRegistrationItem[] = rows.map((row) => ({
        ...row,
        businessLicensePic: pictures.sign(row.businessLicensePic),
        createdAt: formatShanghaiMinute(row.createdAt),
        reviewedAt: row.reviewedAt ? formatShanghaiMinute(row.reviewedAt) : '',
      }));
      return { list, total, page, pageSize };
    },

    /**
     * The mobile review itself (registration-service `review`: its rules, transaction, audit row
     * and SMS notice), after the console's own 404 for a registration outside the company.
     */
    async review(company: CompanyRow, actor: SessionUser, input: ReviewRegistrationInput) {
      if (!(await registrations.exists(actor.companyId, input.id))) throw new NotFoundError(text_.registrationNotFound);
      return registrations.review(company, actor, input);
    },

    /**
     * 批量通过 / 批量驳回 (issue 30, item 3): every id the company's (404 otherwise), a rejection's
     * reason required (400), then each registration reviewed as the one-row review does it (its
     * own transaction: an approval creates the distributor and its general account); one reviewed
     * already, or whose phone or credit code is taken by now, is that row's refusal.
     */
    async reviewMany(company: CompanyRow, actor: SessionUser, input: BatchReviewInput): Promise<BatchResult> {
      requireAll(input.ids, await registrations.idsOfCompany(actor.companyId, input.ids), text_.registrationNotFound);
      if (!input.approve && !input.reason) throw new ValidationError(messages.registration.reviewReasonRequired);
      return eachRow(input.ids, (id) => registrations.review(company, actor, { id, approve: input.approve, reason: input.reason ?? '' }));
    },
  };
}
export type DistributorConsoleService = ReturnType<typeof createDistributorConsoleService>;
