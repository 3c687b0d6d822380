import { randomBytes } from 'node:crypto';
import { consoleScopeOf, DEFAULT_CONSOLE_SCOPE } from '@baobei/shared/rules/console-scopes';
import { messages } from '@baobei/shared/messages';
import { isPlatformAdmin } from '@baobei/shared/rules/access';
import { isConsoleRole } from '@baobei/shared/rules/roles';
import type {
  AdminMe,
  AdminSignAnswer,
  AdminSignInput,
  AdminUser,
  CompanyBrand,
  CompanyListItem,
  CreateCompanyInput,
  CreatedCompany,
  UpdateBrandInput,
} from '@baobei/shared/schemas/admin';
import type { ChangePasswordInput } from '@baobei/shared/schemas/auth';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { generatePassword, hashPassword } from '../../lib/password';
import type { Users } from '../user/user-module';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { AuthService } from '../auth/auth-service';
import type { UserRow } from '../auth/auth-repository';
import type { SessionUser } from '../auth/session-repository';
import type { CompanyRow as TenantRow } from '../company/company-repository';
import { brandOf } from '../company/company-service';
import { createAdminRepository, type AdminRepository, type CompanyChanges, type CompanyRow } from './admin-repository';
import { consolePictureCheck, type ConsoleUploads } from '../upload/console-pictures';
import { SMS_MESSAGE_KINDS } from '@baobei/shared/rules/message';

/** The editable columns, in the order the audit row lists them. */
const BRAND_FIELDS = [
  'title',
  'color',
  'gradientColor',
  'logo',
  'subLogo',
  'favicon',
  'description',
  'agreement',
  'privacyPolicy',
  'kefPhone',
  'maxCustomersPerReport',
  'defaultProtectHours',
  'defaultReportLeadTime',
  'protectionWarningHours',
  'highCommissionYuan',
  'visitReminderMinutes',
  'retentionMonths',
  'pictureRetentionMonths',
  'dealConfirmByAdmin',
  'smsNotifyKinds',
  'wechatEnabled',
] as const satisfies readonly (keyof CompanyChanges)[];

/** What a new company looks like until its operator brands it (docs/decisions/039). */
const NEW_COMPANY_DEFAULTS = { color: '#1677ff', gradientColor: '#4fc3f7', logo: '', subLogo: '', favicon: '' } as const;

export function toAdminUser(row: Pick<UserRow, 'id' | 'name' | 'phone' | 'role' | 'mustChangePassword' | 'consoleScope'>): AdminUser {
  // The auth plugin and signConsole let only console accounts through.
  if (!isConsoleRole(row.role)) throw new ForbiddenError(messages.adminAuth.noConsoleAccess);
  return { id: row.id, name: row.name, phone: row.phone, role: row.role, mustChangePassword: row.mustChangePassword, consoleScope: consoleScopeOf(row) };
}

function toBrand(row: CompanyRow, hosts: string[]): CompanyBrand {
  return {
    id: row.id,
    ...brandOf(row),
    agreement: row.agreement,
    privacyPolicy: row.privacyPolicy,
    kefPhone: row.kefPhone,
    hosts,
    maxCustomersPerReport: row.maxCustomersPerReport,
    defaultProtectHours: row.defaultProtectHours,
    defaultReportLeadTime: row.defaultReportLeadTime,
    protectionWarningHours: row.protectionWarningHours,
    highCommissionYuan: row.highCommissionYuan,
    visitReminderMinutes: row.visitReminderMinutes,
    retentionMonths: row.retentionMonths,
    pictureRetentionMonths: row.pictureRetentionMonths,
    dealConfirmByAdmin: row.dealConfirmByAdmin,
    smsNotifyKinds: SMS_MESSAGE_KINDS.filter((k) => row.smsNotifyKinds.includes(k)),
    wechatEnabled: row.wechatEnabled,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields of `input` that differ from `row`: the update's values and the audit row's old and new. */
function changesOf(row: CompanyRow, input: Partial<Record<(typeof BRAND_FIELDS)[number], unknown>>) {
  const changes: Record<string, unknown> = {};
  const diff: Record<string, { old: unknown; new: unknown }> = {};
  for (const field of BRAND_FIELDS) {
    const value = input[field];
    // A list (短信通知) is the same when it names the same values in the same order.
    if (value === undefined || value === row[field] || (Array.isArray(value) && JSON.stringify(value) === JSON.stringify(row[field]))) continue;
    changes[field] = value;
    diff[field] = { old: row[field], new: value };
  }
  return { changes: changes as CompanyChanges, diff };
}

/**
 * A new company on its hosts with the default settings, and its audit row (actor: the
 * PLATFORM_ADMIN, or null for npm run create-admin). The caller checked the hosts are free.
 */
export async function insertCompanyWithHosts(
  r: AdminRepository,
  input: CreateCompanyInput,
  actor: { id: number; companyId: number; role: string } | null,
): Promise<CompanyRow> {
  const { hosts, operator: _operator, ...fields } = input;
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const row = await r.insertCompany({ ...NEW_COMPANY_DEFAULTS, ...values, title: input.title, code: `c-${randomBytes(6).toString('hex')}` });
  await r.replaceHosts(row.id, hosts);
  await r.insertAudit({
    companyId: row.id,
    actorId: actor?.id ?? null,
    action: 'company.create',
    entity: 'company',
    entityId: row.id,
    detail: { actorCompanyId: actor?.companyId ?? null, actorRole: actor?.role ?? 'create-admin', values: { ...values, hosts } },
  });
  return row;
}

const sameHosts = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((h, i) => h === [...b].sort()[i]);

export interface AdminServiceDeps {
  db: Db;
  auth: Pick<AuthService, 'signConsole' | 'logout' | 'changePassword'>;
  /** The tenant plugin's caches, cleared when a company or its hosts change. */
  tenantCache: { clear(): void };
  /** The upload module's check: the brand's pictures are console uploads of the caller's company (docs/decisions/062). */
  uploads: ConsoleUploads;
  /** The user module's writer: a new company's first operator. */
  users: Pick<Users, 'create'>;
}

/** The brand's pictures, with the field a refusal names. */
function brandPictures(input: { logo?: unknown; subLogo?: unknown; favicon?: unknown }) {
  const named = [
    ['logo', 'Logo'],
    ['subLogo', '副Logo'],
    ['favicon', '网站图标'],
  ] as const;
  return named.flatMap(([key, field]) => (typeof input[key] === 'string' && input[key] ? [{ url: input[key], field, data: { field: key } }] : []));
}

export function createAdminService({ db, auth, tenantCache, uploads, users }: AdminServiceDeps) {
  const repo = createAdminRepository(db);
  // Uploaded on the console's own host: the caller's company, whichever company's brand it edits.
  const requirePictures = consolePictureCheck(uploads);

  /**
   * The company a console call acts on: the caller's own, or `companyId` for PLATFORM_ADMIN.
   * An OPERATOR naming another company is 403; an unknown id is 404.
   */
  function targetOf(actor: SessionUser, companyId: number | undefined): number {
    if (companyId === undefined || companyId === actor.companyId) return actor.companyId;
    if (!isPlatformAdmin(actor.role)) throw new ForbiddenError(messages.adminCompany.companyIdPlatformOnly);
    return companyId;
  }

  async function brandOf(companyId: number): Promise<CompanyBrand> {
    const row = await repo.findCompany(companyId);
    if (!row) throw new NotFoundError(messages.common.companyNotFound);
    return toBrand(row, await repo.hostsOf(companyId));
  }

  /** 400 naming the first host another company answers on; also when a concurrent save took it first. */
  async function assertHostsFree(tx: Executor, hosts: string[], companyId: number | null) {
    const taken = await createAdminRepository(tx).hostsTakenByOthers(hosts, companyId);
    const first = hosts.find((h) => taken.includes(h));
    if (first) throw new ValidationError(messages.adminCompany.hostTaken(first), { field: 'hosts' });
  }

  async function withHostRace<T>(hosts: string[] | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two saves claiming one host at once: company_host's key refuses the second.
      if (hosts && isUniqueViolation(error)) {
        const taken = await repo.hostsTakenByOthers(hosts, null);
        throw new ValidationError(messages.adminCompany.hostTaken(taken[0] ?? hosts[0]!), { field: 'hosts' });
      }
      throw error;
    }
  }

  return {
    async sign(company: TenantRow, input: AdminSignInput, ip: string): Promise<AdminSignAnswer> {
      const signed = await auth.signConsole(
        company,
        { username: input.phone, password: input.password, sn: input.captchaSn, verifyCode: input.captcha, smsCode: input.smsCode },
        ip,
      );
      return { token: signed.token, user: toAdminUser(signed.user) };
    },

    async me(actor: SessionUser): Promise<AdminMe> {
      return { user: toAdminUser(actor), company: await brandOf(actor.companyId) };
    },

    logout: (actor: SessionUser) => auth.logout(actor),

    changePassword: (actor: SessionUser, input: ChangePasswordInput) => auth.changePassword(actor, input),

    getBrand: (actor: SessionUser, companyId: number | undefined) => brandOf(targetOf(actor, companyId)),

    /**
     * Changes what the input names, if the version is still the one the caller read (409 with
     * the current version otherwise). The change and its audit row (actor, old and new values)
     * are one transaction; the tenant caches are cleared after it, so the mobile app's next
     * load shows it (docs/decisions/039).
     */
    async updateBrand(actor: SessionUser, input: UpdateBrandInput): Promise<CompanyBrand> {
      const companyId = targetOf(actor, input.companyId);
      if (input.hosts !== undefined && !isPlatformAdmin(actor.role)) {
        throw new ForbiddenError(messages.adminCompany.hostsPlatformOnly);
      }
      const brand = await withHostRace(input.hosts, () =>
        db.transaction(async (tx) => {
          const r = createAdminRepository(tx);
          const row = await r.lockCompany(companyId);
          if (!row) throw new NotFoundError(messages.common.companyNotFound);
          if (row.version !== input.version) {
            throw new ConflictError(messages.adminCompany.staleVersion, { reload: true, version: row.version });
          }
          const { changes, diff } = changesOf(row, input);
          await requirePictures(tx, actor.companyId, brandPictures(changes));
          const oldHosts = await r.hostsOf(companyId);
          const hostsChange = input.hosts !== undefined && !sameHosts(oldHosts, input.hosts);
          if (input.hosts && hostsChange) {
            await assertHostsFree(tx, input.hosts, companyId);
            diff.hosts = { old: oldHosts, new: input.hosts };
          }
          if (Object.keys(diff).length === 0) return toBrand(row, oldHosts);
          const updated = await r.updateCompany(companyId, input.version, changes);
          if (!updated) throw new ConflictError(messages.adminCompany.staleVersion, { reload: true });
          if (input.hosts && hostsChange) await r.replaceHosts(companyId, input.hosts);
          await r.insertAudit({
            companyId,
            actorId: actor.id,
            action: 'company.update-brand',
            entity: 'company',
            entityId: companyId,
            detail: { actorCompanyId: actor.companyId, actorRole: actor.role, version: updated.version, changes: diff },
          });
          return toBrand(updated, input.hosts && hostsChange ? [...input.hosts].sort() : oldHosts);
        }),
      );
      tenantCache.clear();
      return brand;
    },

    /** 概览's 开通清单: what the caller's company has of what its first report needs. */
    setup: (actor: SessionUser) => repo.setup(actor.companyId),

    async listCompanies(query: { page: number; pageSize: number; keyword?: string | undefined }) {
      const { rows, total } = await repo.listCompanies({ keyword: query.keyword ?? '', page: query.page, pageSize: query.pageSize });
      const list: CompanyListItem[] = rows.map((r) => ({ ...r, hosts: r.hosts ?? [], createdAt: r.createdAt.toISOString() }));
      return { list, total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * A new company on its hosts, with the default settings and nothing else: no cities, no
     * listings (its operator adds them in the console). With `operator`, its first 运营管理员 is
     * created in the same transaction with a generated password, answered this once and to be
     * changed at the first sign-in (docs/decisions/078): no command line is needed.
     */
    async createCompany(actor: SessionUser, input: CreateCompanyInput): Promise<CreatedCompany> {
      const password = input.operator ? generatePassword() : null;
      // Hashed before the transaction: scrypt holds no lock.
      const passwordHash = password ? await hashPassword(password) : null;
      const created = await withHostRace(input.hosts, () =>
        db.transaction(async (tx) => {
          await assertHostsFree(tx, input.hosts, null);
          await requirePictures(tx, actor.companyId, brandPictures(input));
          const r = createAdminRepository(tx);
          const row = await insertCompanyWithHosts(r, input, { id: actor.id, companyId: actor.companyId, role: actor.role });
          let operator: CreatedCompany['operator'] = null;
          if (input.operator && password && passwordHash) {
            const { name, phone } = input.operator;
            const id = await users.create(tx, { companyId: row.id, role: 'OPERATOR', name, phone, passwordHash, mustChangePassword: true, consoleScope: DEFAULT_CONSOLE_SCOPE });
            await r.insertAudit({
              companyId: row.id,
              actorId: actor.id,
              action: 'account.create',
              entity: 'user',
              entityId: id,
              detail: { actorCompanyId: actor.companyId, actorRole: actor.role, group: 'operator', version: 1, changes: { role: { old: null, new: 'OPERATOR' }, name: { old: null, new: name }, phone: { old: null, new: phone }, consoleScope: { old: null, new: DEFAULT_CONSOLE_SCOPE } } },
            });
            operator = { id, name, phone, password };
          }
          return { ...toBrand(row, [...input.hosts].sort()), operator };
        }),
      );
      tenantCache.clear();
      return created;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
