import { isMainlandPhone } from '@baobei/shared/rules/phone';
import { CONSOLE_ROLES, type ConsoleRole } from '@baobei/shared/rules/roles';
import { HOST_PATTERN } from '@baobei/shared/rules/console-fields';
import { createCompanySchema } from '@baobei/shared/schemas/admin';
import type { Db } from '../../db/client';
import { generatePassword, hashPassword } from '../../lib/password';
import type { Users } from '../user/user-module';
import { createCompanyRepository } from '../company/company-repository';
import { createAdminRepository } from './admin-repository';
import { insertCompanyWithHosts } from './admin-service';

/**
 * npm run create-admin (docs/decisions/039): a company's first console account on a database
 * that has none, production included. The password is generated, shown once by the caller,
 * and must be changed at the first sign-in.
 */
export interface ConsoleAccountInput {
  host: string;
  phone: string;
  name: string;
  role: string;
  /** Creates the host's company when none answers on it. */
  title?: string | undefined;
}

export interface CreatedConsoleAccount {
  userId: number;
  companyId: number;
  companyTitle: string;
  companyCreated: boolean;
  role: ConsoleRole;
  password: string;
}

export class ConsoleAccountError extends Error {}

function check(input: ConsoleAccountInput): { host: string; role: ConsoleRole } {
  const host = input.host.trim().toLowerCase();
  if (!host || host.length > 253 || !HOST_PATTERN.test(host)) throw new ConsoleAccountError(`--host: not a host name: ${input.host}`);
  if (!isMainlandPhone(input.phone)) throw new ConsoleAccountError(`--phone: not a mainland mobile number: ${input.phone}`);
  if (!input.name.trim()) throw new ConsoleAccountError('--name is required');
  const role = CONSOLE_ROLES.find((r) => r === input.role);
  if (!role) throw new ConsoleAccountError(`--role must be ${CONSOLE_ROLES.join(' or ')}`);
  return { host, role };
}

export async function createConsoleAccount(db: Db, users: Pick<Users, 'create'>, input: ConsoleAccountInput): Promise<CreatedConsoleAccount> {
  const { host, role } = check(input);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const r = createAdminRepository(tx);
    let company = await createCompanyRepository(tx).findByHost(host);
    let companyCreated = false;
    if (!company) {
      if (!input.title) throw new ConsoleAccountError(`no company answers on ${host}: pass --title <company title> to create it`);
      const parsed = createCompanySchema.safeParse({ title: input.title, hosts: [host] });
      if (!parsed.success) throw new ConsoleAccountError(`--title: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      company = await insertCompanyWithHosts(r, parsed.data, null);
      companyCreated = true;
    }
    if (await r.phoneUsed(company.id, input.phone)) {
      throw new ConsoleAccountError(`${input.phone} already has an account in company ${company.title} (${host})`);
    }
    const userId = await users.create(tx, { companyId: company.id, role, name: input.name.trim(), phone: input.phone, passwordHash, mustChangePassword: true });
    await r.insertAudit({
      companyId: company.id,
      actorId: null,
      action: 'user.create-admin',
      entity: 'user',
      entityId: userId,
      detail: { role, phone: input.phone, name: input.name.trim() },
    });
    return { userId, companyId: company.id, companyTitle: company.title, companyCreated, role, password };
  });
}
