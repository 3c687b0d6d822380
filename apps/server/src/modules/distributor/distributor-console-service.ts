import { adminDistributorMessages as text_ } from '@baobei/shared/messages/admin';
import { isBroker, isShopManager } from '@baobei/shared/rules/access';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type {
  AdminDistributor,
  AdminDistributorListItem,
  AdminDistributorListQuery,
  AdminRegistrationItem,
  AdminRegistrationListQuery,
  UpdateDistributorInput,
} from '@baobei/shared/schemas/admin-distributor';
import type { ReviewRegistrationInput } from '@baobei/shared/schemas/registration';
import type { Db, Executor } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { SessionEnder } from '../auth/auth-service';
import type { CompanyRow } from '../company/company-repository';
import type { RegistrationService } from '../registration/registration-service';
import type { PictureSigner } from '../upload/picture-signer';
import { createDistributorRepository, type DistributorChanges, type DistributorRow } from './distributor-repository';

type Diff = Record<string, { old: unknown; new: unknown }>;

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
}

/**
 * The console's distributors and registration review (issue 16, item 1; docs/decisions/046).
 * Every call acts on the host's company for both console roles; another company's distributor
 * is 404. A change and its audit row (actor, old and new values) are one transaction; disabling
 * also ends every session of the distributor's people in it.
 */
export function createDistributorConsoleService({ db, pictures, registrations, sessions }: DistributorConsoleServiceDeps) {
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
  };
}
export type DistributorConsoleService = ReturnType<typeof createDistributorConsoleService>;
