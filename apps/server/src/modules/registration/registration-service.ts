import { isChannelManager } from '@baobei/shared/rules/access';
import { messages } from '@baobei/shared/messages';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { formatShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type {
  ChannelOption,
  CompanyCredit,
  CompanyOption,
  RegDistributorInput,
  RegistrationItem,
  ReviewRegistrationInput,
} from '@baobei/shared/schemas/registration';
import { cursors } from '@baobei/shared/schemas/cursor';
import type { Db } from '../../db/client';
import { createBoundedCache } from '../../lib/bounded-cache';
import { ConflictError, NotFoundError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { keysetPage, keysetWindow, type KeysetQuery } from '../../lib/paging';
import { hashPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { SmsSendError, type SmsSender } from '../../lib/sms';
import type { SessionUser } from '../auth/session-repository';
import type { PictureSigner } from '../upload/picture-signer';
import type { UploadService } from '../upload/upload-service';
import type { CompanyRow } from '../company/company-repository';
import { CompanyRegistryUnavailableError, type CompanyRegistry, type RegisteredCompany } from './company-registry';
import { createRegistrationRepository, registrationConflict, type RegistrationCursor, type RegistrationRepository } from './registration-repository';
import type { Distributors } from '../distributor/distributor-module';
import type { Users } from '../user/user-module';
import type { Notify } from '../message/message-service';

const registrationText = messages.registration;
const HOUR = 3600;

/** Anonymous calls: a person registers once; these stop a script, not a user. */
export const REGISTRATION_LIMITS = {
  submitsPerIpPerHour: 10,
  uploadsPerIpPerHour: 20,
  companiesPerSearch: 20,
  /**
   * Registry lookups (search and by name together) of one address an hour: each may be a paid
   * call to the provider (docs/decisions/059). The form debounces its search, so a person finding
   * a company makes a handful; cached answers count too, so the limit does not depend on which
   * instance answered.
   */
  lookupsPerIpPerHour: 60,
  /** How long an identical lookup is answered from this instance's memory. */
  lookupCacheMs: 5 * 60 * 1000,
  lookupCacheEntries: 2000,
} as const;

/**
 * The key of a lookup in the cache and what the registry is asked: surrounding space dropped
 * and inner runs of space made one, nothing else (full-width brackets are part of a company's
 * registered name, so no NFKC, no case folding).
 */
export function normaliseLookup(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * A registry that could not answer is a 503, which the form takes as a failed lookup: the
 * search page offers the typed name, the credit code becomes editable (docs/decisions/013).
 */
async function askRegistry<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof CompanyRegistryUnavailableError) throw new ServiceUnavailableError(registrationText.companyLookupUnavailable);
    throw error;
  }
}

export interface RegistrationServiceDeps {
  db: Db;
  registry: CompanyRegistry;
  limiter: RateLimiter;
  sms: SmsSender;
  /** Licences are private pictures: the review list shows them by signed URL (decision 018). */
  pictures: PictureSigner;
  /** The upload module's check of an attached picture: the licence is the registration's own anonymous upload (docs/decisions/062). */
  uploads: Pick<UploadService, 'requirePictures'>;
  /** Issue 17, item 4: the registrant's REGISTRATION_DECIDED message, in the review's transaction (decision 054). */
  notify?: Notify;
  /** The distributor module, the table's owner: an approval creates the distributor in the review's transaction. */
  distributors: Pick<Distributors, 'create'>;
  /** The user module, the table's owner: an approval creates the general account in the same transaction. */
  users: Pick<Users, 'create'>;
}

export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { db, registry, limiter, sms, pictures, uploads } = deps;
  const repo: RegistrationRepository = createRegistrationRepository(db);

  /**
   * Identical lookups within a few minutes are answered from memory, and concurrent ones share
   * one call; a failure is not kept (the next lookup asks again). Keyed by company, kind and the
   * normalised keyword: a made-up keyword costs one entry, and the oldest go past the size limit.
   */
  const answers = createBoundedCache<string, RegisteredCompany[] | RegisteredCompany | undefined>({
    maxEntries: REGISTRATION_LIMITS.lookupCacheEntries,
    ttlMs: REGISTRATION_LIMITS.lookupCacheMs,
  });
  const inflight = new Map<string, Promise<RegisteredCompany[] | RegisteredCompany | undefined>>();
  function remembered<T extends RegisteredCompany[] | RegisteredCompany | undefined>(key: string, load: () => Promise<T>): Promise<T> {
    return answers.get(key, () => {
      const running = inflight.get(key);
      if (running) return running;
      const work = load().finally(() => inflight.delete(key));
      inflight.set(key, work);
      return work;
    }) as Promise<T>;
  }
  const search = (companyId: number, keyword: string) =>
    remembered(`${companyId}\u0000search\u0000${keyword}`, () => registry.search(keyword, REGISTRATION_LIMITS.companiesPerSearch));
  const findByName = (companyId: number, name: string) =>
    remembered(`${companyId}\u0000name\u0000${name}`, () => registry.findByName(name));

  /** Counts an anonymous lookup of this address; refuses past the hourly limit, before the registry is asked. */
  async function allowLookup(ip: string): Promise<void> {
    const { count } = await limiter.hit(`company-lookup-ip:${ip}`, HOUR);
    if (count > REGISTRATION_LIMITS.lookupsPerIpPerHour) throw new TooManyRequestsError(registrationText.companyLookupTooMany);
  }

  /** A phone or credit code already registered, or waiting for review, is refused. */
  async function refuseTaken(x: RegistrationRepository, companyId: number, phone: string, creditNo: string) {
    if (await x.phoneHasUser(companyId, phone)) throw new ConflictError(registrationText.phoneTaken);
    if (await x.creditNoHasDistributor(companyId, creditNo)) throw new ConflictError(registrationText.creditNoTaken);
  }

  return {
    /** The console's registration list (docs/decisions/046), in the registration module's words. */
    consoleList: (companyId: number, status: 'PENDING' | 'APPROVED' | 'REJECTED' | undefined, page: number, pageSize: number) =>
      repo.consoleList(companyId, status, page, pageSize),

    /** Whether the registration is the company's (the console answers 404 before the review). */
    exists: (companyId: number, id: number): Promise<boolean> => repo.exists(companyId, id),
    idsOfCompany: (companyId: number, ids: number[]): Promise<number[]> => repo.idsOfCompany(companyId, ids),

    async searchCompanies(companyId: number, keyword: string, ip: string): Promise<CompanyOption[]> {
      await allowLookup(ip);
      const found = await askRegistry(search(companyId, normaliseLookup(keyword)));
      return found.map(({ name }) => ({ name }));
    },

    async companyByName(companyId: number, name: string, ip: string): Promise<CompanyCredit> {
      await allowLookup(ip);
      const exact = normaliseLookup(name);
      const found = exact ? await askRegistry(findByName(companyId, exact)) : undefined;
      if (!found) throw new NotFoundError(registrationText.companyNotFound);
      return found;
    },

    async channelContacts(companyId: number): Promise<ChannelOption[]> {
      const rows = await repo.channelContacts(companyId);
      return rows.map((row) => ({ ...row, role: isChannelManager(row.role) ? 'CHANNELJINGLI' : 'CHANNEL' }));
    },

    /** Counts an anonymous licence upload of this address; refuses past the hourly limit. */
    async allowLicenceUpload(ip: string): Promise<void> {
      const { count } = await limiter.hit(`registration-upload-ip:${ip}`, HOUR);
      if (count > REGISTRATION_LIMITS.uploadsPerIpPerHour) throw new TooManyRequestsError(registrationText.uploadTooMany);
    },

    /** POST /api/publicapi/reg-distributor: stores the registration for review; nothing can sign in yet. */
    async submit(company: CompanyRow, input: RegDistributorInput, ip: string): Promise<{ id: number }> {
      const { count } = await limiter.hit(`registration-ip:${ip}`, HOUR);
      if (count > REGISTRATION_LIMITS.submitsPerIpPerHour) throw new TooManyRequestsError(registrationText.tooMany);
      const companyId = company.id;
      if (input.channelId !== null && !(await repo.isChannelContact(companyId, input.channelId))) {
        throw new ValidationError(registrationText.channelInvalid);
      }
      // The check character passed the shared rule (schema); a company the registry knows must
      // bring the registry's code. A name it does not know, or a registry that cannot answer,
      // is the manual path: the typed code goes to review as typed (docs/decisions/013).
      const registered = await findByName(companyId, normaliseLookup(input.companyLicenseName)).catch(() => undefined);
      if (registered && registered.creditNo !== input.creditNo) throw new ValidationError(registrationText.creditNoMismatch);
      if (input.locationId === null || !(await repo.cityExists(companyId, input.locationId))) {
        throw new ValidationError(registrationText.regionInvalid);
      }
      // The form sends back the signed URL it showed; the plain '/uploads/<key>' is checked and stored.
      // It must be a licence upload (anonymous, private) of this company, and no other registrant's (docs/decisions/062).
      const businessLicensePic = plainUploadUrl(input.businessLicensePic);
      const licence = [{ url: businessLicensePic, field: '营业执照' }];
      if ((await uploads.requirePictures(companyId, 'licence', 'anonymous', licence, { notOwned: registrationText.licenceInvalid })).length > 0) {
        throw new ValidationError(registrationText.licenceInvalid);
      }
      const passwordHash = await hashPassword(input.password);

      return db.transaction(async (tx) => {
        const x = createRegistrationRepository(tx);
        // Same phone or company at the same moment: the second waits and then sees the first.
        await x.lock(companyId, `phone:${input.managerPhone}`);
        await x.lock(companyId, `credit:${input.creditNo}`);
        await x.lock(companyId, `licence:${businessLicensePic}`);
        if (await x.licenceOfAnother(companyId, businessLicensePic, input.managerPhone)) throw new ValidationError(registrationText.licenceInvalid);
        await refuseTaken(x, companyId, input.managerPhone, input.creditNo);
        if (await x.pendingWith(companyId, 'managerPhone', input.managerPhone)) throw new ConflictError(registrationText.phonePending);
        if (await x.pendingWith(companyId, 'creditNo', input.creditNo)) throw new ConflictError(registrationText.creditNoPending);
        const id = await x.insert({
          companyId,
          companyLicenseName: input.companyLicenseName,
          name: input.name,
          creditNo: input.creditNo,
          managerName: input.managerName,
          managerPhone: input.managerPhone,
          address: input.address,
          businessLicensePic,
          locationId: input.locationId,
          channelId: input.channelId,
          passwordHash,
          status: 'PENDING',
        });
        return { id };
      });
    },

    async listPending(companyId: number, page: KeysetQuery<RegistrationCursor>) {
      const { list, total } = await repo.listPending(companyId, keysetWindow(page));
      const items: RegistrationItem[] = list.map(({ cursorAt: _cursor, ...row }) => ({
        ...row,
        businessLicensePic: pictures.sign(row.businessLicensePic),
        createdAt: formatShanghaiMinute(row.createdAt),
      }));
      return keysetPage(page, list, items, total, (last) => cursors.registration.encode([last.cursorAt, last.id]));
    },

    /**
     * Approve: the distributor and its general account (DIANZHANG, distributorControl) with the
     * password the registrant chose (docs/decisions/013), in one transaction with the review and
     * its audit-log row; then the SMS notice. Reject: the reason is kept and sent by SMS.
     */
    async review(company: CompanyRow, reviewer: SessionUser, input: ReviewRegistrationInput) {
      if (!input.approve && !input.reason) throw new ValidationError(registrationText.reviewReasonRequired);
      const companyId = company.id;
      const result = await db.transaction(async (tx) => {
        const x = createRegistrationRepository(tx);
        const row = await x.lockPending(companyId, input.id);
        if (!row) throw new NotFoundError(registrationText.reviewGone);
        let distributorId: number | null = null;
        if (input.approve) {
          await x.lock(companyId, `phone:${row.managerPhone}`);
          await x.lock(companyId, `credit:${row.creditNo}`);
          await refuseTaken(x, companyId, row.managerPhone, row.creditNo);
          distributorId = await deps.distributors.create(tx, {
            companyId,
            name: row.companyLicenseName,
            shortName: row.name,
            creditNo: row.creditNo,
            businessLicensePic: row.businessLicensePic,
            address: row.address,
            locationId: row.locationId,
            channelUserId: row.channelId,
            managerName: row.managerName,
            managerPhone: row.managerPhone,
          }).catch((error: unknown) => {
            throw registrationConflict(error);
          });
          // A staff add of the same phone may have won the race (user_company_phone_uq).
          await deps.users
            .create(tx, {
              companyId,
              distributorId,
              role: 'DIANZHANG',
              distributorControl: true,
              shopName: row.name,
              name: row.managerName,
              phone: row.managerPhone,
              passwordHash: row.passwordHash,
              mustChangePassword: false,
            })
            .catch((error: unknown) => {
              throw registrationConflict(error);
            });
        }
        const status = input.approve ? 'APPROVED' : 'REJECTED';
        await x.markReviewed(row.id, { status, reason: input.approve ? '' : input.reason, reviewedBy: reviewer.id, distributorId });
        await x.insertAuditLog({
          companyId,
          actorId: reviewer.id,
          action: input.approve ? 'registration.approve' : 'registration.reject',
          entity: 'distributor_registration',
          entityId: row.id,
          // The reviewer's role tells a console review (decision 046) from the app's.
          detail: {
            distributorId,
            reason: input.approve ? '' : input.reason,
            actorRole: reviewer.role,
            changes: { status: { old: 'PENDING', new: input.approve ? 'APPROVED' : 'REJECTED' } },
          },
        });
        // Issue 17, item 4 (decision 054): the registrant's message when it has an account (an
        // approval creates it above); the spec's SMS below goes either way.
        await deps.notify?.(tx, {
          kind: 'REGISTRATION_DECIDED',
          companyId,
          phone: row.managerPhone,
          name: row.name,
          approved: input.approve,
          reason: input.approve ? '' : input.reason,
          actorId: reviewer.id,
          now: new Date(),
        });
        return { row, status, distributorId } as const;
      });
      const { row, status, distributorId } = result;
      const notice = { phone: row.managerPhone, companyTitle: company.title };
      // The review stands when the notice fails (the sender logged why): the reviewer is told to pass it on.
      const notified = await sms
        .send(
          status === 'APPROVED'
            ? { ...notice, kind: 'registrationApproved', params: { name: row.name } }
            : { ...notice, kind: 'registrationRejected', params: { name: row.name, reason: input.reason } },
        )
        .then(
          () => true,
          (error: unknown) => {
            if (error instanceof SmsSendError) return false;
            throw error;
          },
        );
      return { id: row.id, status, distributorId, notified };
    },

    /**
     * Sign-in of a phone without an account: its newest pending or rejected registration, so
     * the login answer can say the account awaits review (auth-service checks the password).
     */
    latestByPhone: (companyId: number, phone: string) => repo.latestByPhone(companyId, phone),
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
