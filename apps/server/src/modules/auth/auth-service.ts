import { createHash, randomInt } from 'node:crypto';
import { messages } from '@baobei/shared/messages';
import type {
  ChangePasswordInput,
  CodeLoginInput,
  PasswordLoginInput,
  RetrievePasswordInput,
  SmsCodeRequestInput,
} from '@baobei/shared/schemas/auth';
import { isConsoleRole } from '@baobei/shared/rules/roles';
import { adminDistributorMessages } from '@baobei/shared/messages/admin';
import type { InitConfig } from '@baobei/shared/schemas/session';
import type { Db, Executor } from '../../db/client';
import { ConflictError, ServiceUnavailableError, TooManyRequestsError, ValidationError, type AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { SmsSendError, smsFailureMessage, type SmsKind, type SmsSender } from '../../lib/sms';
import type { CompanyRow } from '../company/company-repository';
import { createAuthRepository, type SmsPurpose, type UserRow } from './auth-repository';
import type { CaptchaService } from './captcha-service';
import type { BuildInitConfig } from './init-config';
import { createSessionRepository, type SessionsToEnd, type SessionUser } from './session-repository';
import type { Users } from '../user/user-module';

/** The limits of codes and sign-in. */
export const AUTH_LIMITS = {
  smsTtlMs: 5 * 60 * 1000,
  smsMaxAttempts: 5,
  smsPerMinute: 1,
  smsPerHour: 5,
  smsPerDay: 10,
  smsPerIpPerHour: 30,
  /** Phone-change codes a signed-in account may ask for in a day (no picture code there). */
  smsPerUserPerDay: 10,
  captchasPerIpPer10Min: 200,
  /** Wrong passwords on one phone (from anywhere) in an hour, after which every try on it needs the picture code. */
  loginFailuresBeforeCaptcha: 5,
  /**
   * Decision 017 (NIST SP 800-63B 5.2.2): no count ever refuses an account's right password with
   * what the answer asked for. After 5 failed password sign-ins from one address in 15 minutes
   * (any phones) every try from it needs the picture code; from 50 in an hour every password
   * sign-in from it is slowed down before it is checked (a delay doubling every 10 further
   * failures, at most 8 s), right passwords too, so the delay tells nothing, and no address is
   * ever refused: one stranger on a carrier or office NAT cannot lock out the people behind it.
   */
  loginIpFailuresBeforeCaptcha: 5,
  loginIpCaptchaWindowSeconds: 15 * 60,
  loginIpFailuresBeforeSlowdown: 50,
  loginIpSlowdownStepFailures: 10,
  loginIpSlowdownBaseMs: 1000,
  loginIpSlowdownMaxMs: 8000,
  /**
   * Wrong passwords on one phone in an hour after which a password sign-in on it also needs a
   * login code sent to the account's own phone (a second factor, never a lock: the owner has
   * the phone). Caps what any number of addresses with solved picture codes can guess.
   */
  loginFailuresBeforeSecondFactor: 20,
  /** Wrong SMS codes (sign-in, password reset) and unknown phones there, from one IP in an hour, before 429. */
  smsCodeFailuresPerIpPerHour: 20,
  /** Wrong old passwords of one account in 15 minutes before change-password answers 429. */
  changePasswordFailures: 5,
  changePasswordWindowSeconds: 15 * 60,
} as const;

const HOUR = 3600;

/** The wait before checking a password sent from an address with `failures` in the hour. */
export function loginSlowdownMs(failures: number): number {
  const { loginIpFailuresBeforeSlowdown: start, loginIpSlowdownStepFailures: step } = AUTH_LIMITS;
  if (failures < start) return 0;
  return Math.min(AUTH_LIMITS.loginIpSlowdownBaseMs * 2 ** Math.floor((failures - start) / step), AUTH_LIMITS.loginIpSlowdownMaxMs);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The counters that lock an account's password out (decision 017), named once: the phone's wrong
 * sign-ins (picture code from 5 on) and the account's wrong old passwords in change-password
 * (429 from 5 on). The console's 解锁 (docs/decisions/047) clears these two, never the address's.
 */
export const lockKeys = {
  signIn: (companyId: number, phone: string) => `login-fail:${companyId}:${phone}`,
  changePassword: (userId: number) => `change-password-fail:${userId}`,
};

const SMS_KIND_OF_PURPOSE = {
  login: 'loginCode',
  retrieve: 'passwordCode',
  phone: 'phoneChangeCode',
} as const satisfies Record<SmsPurpose, SmsKind>;

/** The provider's refusal as the API answers it: a limit is 429, a number 400, the rest 503. */
function smsSendAppError(error: SmsSendError): AppError {
  const message = smsFailureMessage(error.failure);
  if (error.failure === 'rateLimited') return new TooManyRequestsError(message);
  if (error.failure === 'badNumber') return new ValidationError(message);
  return new ServiceUnavailableError(message);
}

function codeHash(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

/** Verifying against this keeps an unknown phone as slow as a wrong password. */
const DUMMY_HASH = hashPassword('baobei-dummy-password');

export interface AuthServiceDeps {
  db: Db;
  captchas: CaptchaService;
  limiter: RateLimiter;
  sms: SmsSender;
  buildInitConfig: BuildInitConfig;
  /** Registrations awaiting review: a registrant has no account until approval. */
  registrations?: { latestByPhone(companyId: number, phone: string): Promise<PendingRegistration | undefined> };
  /** The user module, the table's owner: a password the account's owner chose. */
  users: Pick<Users, 'setPassword'>;
}

export interface PendingRegistration {
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reason: string;
  passwordHash: string;
}

/** Ends sessions in the caller's transaction: the one rule (AuthService.endSessions; a command without the app calls it directly). */
export const endSessions = (tx: Executor, companyId: number, whose: SessionsToEnd): Promise<number> => createSessionRepository(tx).end(companyId, whose);

export function createAuthService({ db, captchas, limiter, sms, buildInitConfig, registrations, users }: AuthServiceDeps) {
  const repo = (ex: Executor = db) => createAuthRepository(ex);
  const sessions = createSessionRepository(db);

  /**
   * Decision 046: the people of a distributor disabled in the console cannot sign in. Every
   * mobile sign-in (password, SMS code, WeChat) ends in `signIn`, after the credential proved
   * right, so the answer tells nothing to someone without it.
   */
  async function refuseDisabledDistributor(user: UserRow): Promise<void> {
    if (!(await repo().distributorActive(user.companyId, user.distributorId))) {
      throw new ValidationError(adminDistributorMessages.disabledSignIn);
    }
  }

  async function signIn(company: CompanyRow, user: UserRow): Promise<InitConfig> {
    await refuseDisabledDistributor(user);
    const token = await sessions.create(user.id, company.id);
    return buildInitConfig(company, { user, token });
  }

  /** Checks an SMS code: single use, 5 minutes, dies after 5 wrong tries. */
  async function consumeSmsCode(company: { id: number }, phone: string, purpose: SmsPurpose, code: string) {
    const r = repo();
    const live = await r.latestLiveCode(company.id, phone, purpose);
    if (!live) throw new ValidationError(messages.login.smsCodeExpired);
    if (live.codeHash !== codeHash(phone, code)) {
      await r.countWrongTry(live.id, AUTH_LIMITS.smsMaxAttempts);
      throw new ValidationError(messages.login.smsCodeWrong);
    }
    if (!(await r.useCode(live.id))) throw new ValidationError(messages.login.smsCodeExpired);
  }

  /**
   * Decision 017: an anonymous SMS-code call (sign-in, password reset) for `phone` from `ip`.
   * Each code already dies after 5 wrong tries; this caps what one address may spray over many
   * phones (and what it may learn about which phones have an account): every unknown phone,
   * missing, expired or wrong code counts, and past the hourly limit the address gets 429.
   */
  async function checkSmsCodeFromIp(company: CompanyRow, phone: string, purpose: SmsPurpose, code: string, ip: string) {
    const key = `sms-fail-ip:${ip}`;
    if ((await limiter.peek(key)) >= AUTH_LIMITS.smsCodeFailuresPerIpPerHour) {
      throw new TooManyRequestsError(messages.login.smsCodeTooManyWrong);
    }
    try {
      const row = activeUser(await repo().findUserByPhone(company.id, phone));
      await consumeSmsCode(company, phone, purpose, code);
      return row;
    } catch (error) {
      if (error instanceof ValidationError) await limiter.hit(key, HOUR);
      throw error;
    }
  }

  async function limitSmsPerIp(ip: string): Promise<void> {
    const perIp = await limiter.hit(`sms-ip:${ip}`, HOUR);
    if (perIp.count > AUTH_LIMITS.smsPerIpPerHour) throw new TooManyRequestsError(messages.login.smsTooFrequentIp);
  }

  /**
   * A new code for `phone` within the per-phone windows (1/minute, 5/hour, 10/day), stored
   * hashed, then sent. A code the provider did not take is deleted: it was never sent, so it
   * must not be valid, and the phone's windows count only codes that went out. The per-IP and
   * per-account counters, hit before, still count the request.
   */
  async function issueSmsCode(company: CompanyRow, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeId = await db.transaction(async (tx) => {
      const r = repo(tx);
      await r.lockPhone(company.id, phone);
      const now = Date.now();
      const windows = [
        [60_000, AUTH_LIMITS.smsPerMinute, messages.login.smsTooFrequentMinute],
        [HOUR * 1000, AUTH_LIMITS.smsPerHour, messages.login.smsTooFrequentHour],
        [24 * HOUR * 1000, AUTH_LIMITS.smsPerDay, messages.login.smsTooFrequentDay],
      ] as const;
      for (const [ms, limit, message] of windows) {
        if ((await r.countCodesSince(company.id, phone, new Date(now - ms))) >= limit) {
          throw new TooManyRequestsError(message);
        }
      }
      return r.insertCode({
        companyId: company.id,
        phone,
        purpose,
        codeHash: codeHash(phone, code),
        expiresAt: new Date(now + AUTH_LIMITS.smsTtlMs),
        ip,
      });
    });
    try {
      await sms.send({ phone, companyId: company.id, companyTitle: company.title, kind: SMS_KIND_OF_PURPOSE[purpose], params: { code } });
    } catch (error) {
      await repo().deleteCode(codeId);
      throw error instanceof SmsSendError ? smsSendAppError(error) : error;
    }
  }

  /**
   * A login code for the password sign-in's second factor: matched against the phone's live
   * code without spending it, so a mistyped password does not cost the code. A wrong or missing
   * code counts against the address like a wrong code at sign-by-code.
   */
  async function matchSecondFactor(company: CompanyRow, phone: string, code: string, ip: string): Promise<number> {
    const key = `sms-fail-ip:${ip}`;
    if ((await limiter.peek(key)) >= AUTH_LIMITS.smsCodeFailuresPerIpPerHour) {
      throw new TooManyRequestsError(messages.login.smsCodeTooManyWrong);
    }
    const r = repo();
    const live = await r.latestLiveCode(company.id, phone, 'login');
    if (!live || live.codeHash !== codeHash(phone, code)) {
      if (live) await r.countWrongTry(live.id, AUTH_LIMITS.smsMaxAttempts);
      await limiter.hit(key, HOUR);
      throw new ValidationError(live ? messages.login.smsCodeWrong : messages.login.smsCodeExpired, { needSmsCode: true });
    }
    return live.id;
  }

  /**
   * Decision 017's password check, shared by the mobile and console sign-ins: the address's
   * slow-down, the picture code after failures on the phone or from the address (and whenever
   * one is sent), the SMS second factor past the phone's ceiling, one verify whether the phone
   * exists or not, the registrant's answer. `admit` refuses a right password of an account that
   * signs in elsewhere (it does not count as a failure: the password was right).
   */
  async function checkPassword(
    company: CompanyRow,
    input: PasswordLoginInput & { sn?: string; verifyCode?: string; smsCode?: string },
    ip: string,
    admit: (row: UserRow) => void,
  ): Promise<UserRow> {
    const failureKey = lockKeys.signIn(company.id, input.username);
    // Per address, across companies: one client guessing on several tenants is one client.
    const ipKey = `login-fail-ip:${ip}`;
    const ipHourKey = `login-fail-ip-hour:${ip}`;
    const [failures = 0, ipFailures = 0, ipHourFailures = 0] = await limiter.peekMany([failureKey, ipKey, ipHourKey]);
    const slowdown = loginSlowdownMs(ipHourFailures);
    if (slowdown > 0) await wait(slowdown);
    const needSmsCode = failures >= AUTH_LIMITS.loginFailuresBeforeSecondFactor;
    const needVerifyCode =
      failures >= AUTH_LIMITS.loginFailuresBeforeCaptcha || ipFailures >= AUTH_LIMITS.loginIpFailuresBeforeCaptcha;
    // Past the ceiling nothing is verified without the code: the answer says nothing of the password.
    if (needSmsCode && !input.smsCode) {
      throw new ValidationError(messages.login.secondFactorNeeded, { needSmsCode: true, needVerifyCode: false });
    }
    const pictureSent = Boolean(input.sn || input.verifyCode);
    // The login code was sent only after a solved picture code, so it stands in for one here.
    if (needVerifyCode && !needSmsCode && !pictureSent) {
      throw new ValidationError(messages.login.pictureCodeNeeded, { needVerifyCode: true });
    }
    // A picture code that was sent is always checked (the console asks for one every time).
    if (pictureSent) await captchas.consume(input.sn ?? '', input.verifyCode ?? '');
    const secondFactor = needSmsCode ? await matchSecondFactor(company, input.username, input.smsCode ?? '', ip) : undefined;
    const row = await repo().findUserByPhone(company.id, input.username);
    // A registrant signing in with the password of the registration hears that it awaits
    // review (or was rejected); one verify either way, so timing tells nothing more.
    const registration = row ? undefined : await registrations?.latestByPhone(company.id, input.username);
    const valid = await verifyPassword(row?.passwordHash ?? registration?.passwordHash ?? (await DUMMY_HASH), input.password);
    if (!row && registration && valid) {
      throw new ValidationError(
        registration.status === 'REJECTED'
          ? messages.registration.loginRejected(registration.reason)
          : messages.registration.loginPending,
      );
    }
    if (!row || !valid) {
      const { count } = await limiter.hit(failureKey, HOUR);
      const fromIp = await limiter.hit(ipKey, AUTH_LIMITS.loginIpCaptchaWindowSeconds);
      await limiter.hit(ipHourKey, HOUR);
      throw new ValidationError(messages.login.wrongPassword, {
        needVerifyCode:
          count >= AUTH_LIMITS.loginFailuresBeforeCaptcha || fromIp.count >= AUTH_LIMITS.loginIpFailuresBeforeCaptcha,
        needSmsCode: count >= AUTH_LIMITS.loginFailuresBeforeSecondFactor,
      });
    }
    if (!row.active) throw new ValidationError(messages.login.accountDisabled);
    admit(row);
    // Spent only now: the code proved the phone, the password the account.
    if (secondFactor !== undefined && !(await repo().useCode(secondFactor))) {
      throw new ValidationError(messages.login.smsCodeExpired, { needSmsCode: true });
    }
    // The phone's count only: a success must not wipe what the address did on other phones.
    await limiter.reset(failureKey);
    return row;
  }

  /** The mobile app's sign-ins (SMS code, WeChat) refuse console accounts (docs/decisions/039). */
  function mobileAccount(row: UserRow): UserRow {
    if (isConsoleRole(row.role)) throw new ValidationError(messages.adminAuth.consoleAccountOnMobile);
    return row;
  }

  function activeUser(row: UserRow | undefined): UserRow {
    if (!row) throw new ValidationError(messages.login.accountNotFound);
    if (!row.active) throw new ValidationError(messages.login.accountDisabled);
    return row;
  }

  return {
    async createCaptcha(ip: string) {
      const perIp = await limiter.hit(`captcha-ip:${ip}`, 600);
      if (perIp.count > AUTH_LIMITS.captchasPerIpPer10Min) throw new TooManyRequestsError(messages.common.tooManyRequests);
      return captchas.create();
    },

    async sendSmsCode(company: CompanyRow, input: SmsCodeRequestInput & { purpose: SmsPurpose }, ip: string) {
      await limitSmsPerIp(ip);
      await captchas.consume(input.sn, input.code);
      const phone = input.username;
      const account = await repo().findUserByPhone(company.id, phone);
      // Decision 002 already says '未注册' here; a registrant hears why instead.
      const registration = account ? undefined : await registrations?.latestByPhone(company.id, phone);
      if (registration?.status === 'PENDING') throw new ValidationError(messages.registration.loginPending);
      await refuseDisabledDistributor(activeUser(account));
      await issueSmsCode(company, phone, input.purpose, ip);
    },

    /**
     * The code that proves the signed-in user holds the NEW phone. No picture
     * code (the caller is signed in); instead at most 10 a day per account, on top of the
     * per-phone and per-IP limits. A phone of another account of the company is refused here,
     * and again when the change is saved.
     */
    async sendPhoneChangeCode(company: CompanyRow, user: SessionUser, phone: string, ip: string): Promise<void> {
      if (phone === user.phone) throw new ValidationError(messages.profile.phoneSame);
      if (await repo().findUserByPhone(company.id, phone)) throw new ConflictError(messages.profile.phoneTaken);
      await limitSmsPerIp(ip);
      const perUser = await limiter.hit(`sms-user:${user.id}`, 24 * HOUR);
      if (perUser.count > AUTH_LIMITS.smsPerUserPerDay) throw new TooManyRequestsError(messages.login.smsTooFrequentDay);
      await issueSmsCode(company, phone, 'phone', ip);
    },

    /** For other services (the phone change): the same single-use check as sign-in codes. */
    verifySmsCode: consumeSmsCode,

    /**
     * Accounts' password-lock counts (lockKeys), in the accounts' order, read in one round trip:
     * the console's account list shows them (docs/decisions/047).
     */
    async lockStates(companyId: number, accounts: readonly { phone: string; id: number }[]) {
      const counts = await limiter.peekMany(accounts.flatMap((a) => [lockKeys.signIn(companyId, a.phone), lockKeys.changePassword(a.id)]));
      return accounts.map((_, i) => {
        const signIn = counts[2 * i]!;
        const changePassword = counts[2 * i + 1]!;
        return {
          signInFailures: signIn,
          locked: signIn >= AUTH_LIMITS.loginFailuresBeforeCaptcha || changePassword >= AUTH_LIMITS.changePasswordFailures,
        };
      });
    },

    /** The console's 解锁 and 重置密码: the account's counts start again (the address's stay). */
    async clearLock(companyId: number, phone: string, userId: number): Promise<void> {
      await limiter.reset(lockKeys.signIn(companyId, phone));
      await limiter.reset(lockKeys.changePassword(userId));
    },

    /** A new session for an account found another way (WeChat sign-in): the init data. */
    async signInUser(company: CompanyRow, userId: number): Promise<InitConfig> {
      return signIn(company, mobileAccount(activeUser(await repo().findUserById(company.id, userId))));
    },


    /**
     * The mobile password sign-in. A console account (docs/decisions/039) is refused once its
     * password has proved right: before that it is a wrong password like any other.
     */
    async signWithPassword(
      company: CompanyRow,
      input: PasswordLoginInput & { sn?: string; verifyCode?: string; smsCode?: string },
      ip: string,
    ): Promise<InitConfig> {
      const row = await checkPassword(company, input, ip, (account) => {
        if (isConsoleRole(account.role)) throw new ValidationError(messages.adminAuth.consoleAccountOnMobile);
      });
      return signIn(company, row);
    },

    /**
     * The console's password sign-in (docs/decisions/039): the same counts, picture-code rule,
     * timing and session as the mobile one; only console accounts pass.
     */
    async signConsole(
      company: CompanyRow,
      input: PasswordLoginInput & { sn?: string; verifyCode?: string; smsCode?: string },
      ip: string,
    ): Promise<{ token: string; user: UserRow }> {
      const row = await checkPassword(company, input, ip, (account) => {
        if (!isConsoleRole(account.role)) throw new ValidationError(messages.adminAuth.noConsoleAccess);
      });
      return { token: await sessions.create(row.id, company.id), user: row };
    },

    async signWithCode(company: CompanyRow, input: CodeLoginInput, ip: string): Promise<InitConfig> {
      return signIn(company, mobileAccount(await checkSmsCodeFromIp(company, input.username, 'login', input.code, ip)));
    },

    logout: async (user: SessionUser): Promise<void> => {
      await sessions.end(user.companyId, { sessionId: user.sessionId });
    },

    /**
     * Ends sessions in the caller's transaction `tx`: how the other modules end them (an account
     * disabled, a password reset, a distributor disabled, staff unbound), through this one rule.
     */
    endSessions,

    async initConfig(company: CompanyRow, user: SessionUser | null, token: string | null): Promise<InitConfig> {
      return buildInitConfig(company, user && token ? { user, token } : null);
    },

    async changePassword(user: SessionUser, input: ChangePasswordInput): Promise<void> {
      // Decision 017: whoever holds a session (perhaps a stolen one) may not guess the old password.
      const failureKey = lockKeys.changePassword(user.id);
      if ((await limiter.peek(failureKey)) >= AUTH_LIMITS.changePasswordFailures) {
        throw new TooManyRequestsError(messages.changePassword.tooManyWrong);
      }
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        await limiter.hit(failureKey, AUTH_LIMITS.changePasswordWindowSeconds);
        throw new ValidationError(messages.changePassword.oldWrong);
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await users.setPassword(tx, user.companyId, user.id, passwordHash, { mustChange: false });
        // Other devices signed in with the old password are signed out; this one stays.
        await createSessionRepository(tx).end(user.companyId, { userIds: [user.id], keepSessionId: user.sessionId });
      });
      await limiter.reset(failureKey);
    },

    async retrievePassword(company: CompanyRow, input: RetrievePasswordInput, ip: string): Promise<void> {
      const row = await checkSmsCodeFromIp(company, input.phone, 'retrieve', input.wxcode, ip);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await users.setPassword(tx, company.id, row.id, passwordHash, { mustChange: false });
        await createSessionRepository(tx).end(company.id, { userIds: [row.id] });
      });
      await limiter.reset(lockKeys.signIn(company.id, input.phone));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
/** What another module needs to end sessions: the auth module's one rule, in its own transaction. */
export type SessionEnder = Pick<AuthService, 'endSessions'>;
