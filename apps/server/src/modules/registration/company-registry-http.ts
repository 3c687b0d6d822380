import { createHash } from 'node:crypto';
import { isValidCreditCode } from '@baobei/shared/rules/registration';
import { z } from 'zod';
import { redactText } from '../../lib/log-redaction';
import { CompanyRegistryUnavailableError, type CompanyRegistry, type RegisteredCompany } from './company-registry';

/**
 * COMPANY_REGISTRY=http: a business-registry API of the 企查查 (Qichacha open platform) shape.
 * The assumed contract (docs/decisions/013 and the registry decision); a provider whose paths
 * differ is put behind a gateway that answers these two:
 *
 * - Every call carries `key` (COMPANY_REGISTRY_KEY) in the query and two headers: `Timespan`,
 *   the Unix time in seconds, and `Token`, MD5(key + Timespan + secret) in upper-case hex, with
 *   the secret (COMPANY_REGISTRY_SECRET) never sent.
 * - Fuzzy search: `GET {base}/fuzzy-search?key=…&keyword=…` →
 *   `{ Status: '200', Message, Result: [{ Name, CreditCode, … }] }`.
 * - Exact lookup: `GET {base}/basic-info?key=…&keyword=<full name or credit code>` →
 *   `{ Status: '200', Message, Result: { Name, CreditCode, … } }`.
 * - `Status` '200' is an answer, '201' "no result" (an empty search, an unknown company); any
 *   other status (bad key or token, quota used up, provider error), an HTTP error, a timeout or
 *   an answer that does not read as above is CompanyRegistryUnavailableError: the form then
 *   takes the name as typed and asks for the credit code by hand.
 */
export interface HttpCompanyRegistrySettings {
  /** COMPANY_REGISTRY_URL, e.g. https://registry.example.com/api (no trailing path needed). */
  baseUrl: string;
  key: string;
  secret: string;
  timeoutMs: number;
  /** Milliseconds since the epoch; tests pin it. */
  now?: () => number;
  /** Told why a call failed (the registration module logs it at warn). */
  onUnavailable?: (reason: string) => void;
}

const STATUS_OK = '200';
const STATUS_NO_RESULT = '201';

const answerSchema = z.object({ Status: z.string(), Message: z.string().optional(), Result: z.unknown().optional() });
const companySchema = z.object({ Name: z.string(), CreditCode: z.string().nullish() });

/** The `Token` header: MD5(key + timespan + secret), upper-case hex. */
export function registryToken(key: string, timespan: string, secret: string): string {
  return createHash('md5').update(key + timespan + secret).digest('hex').toUpperCase();
}

export function createHttpCompanyRegistry(settings: HttpCompanyRegistrySettings): CompanyRegistry {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const now = settings.now ?? Date.now;

  function unavailable(why: string): CompanyRegistryUnavailableError {
    // Logged at warn: a network error's or the provider's text may quote the URL and its `key`.
    const reason = redactText(why);
    settings.onUnavailable?.(reason);
    return new CompanyRegistryUnavailableError(reason);
  }

  /** One signed call: its `Result`, or null for status '201' (no result). */
  async function call(path: 'fuzzy-search' | 'basic-info', keyword: string): Promise<unknown> {
    const url = new URL(`${base}/${path}`);
    url.searchParams.set('key', settings.key);
    url.searchParams.set('keyword', keyword);
    const timespan = String(Math.floor(now() / 1000));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Token: registryToken(settings.key, timespan, settings.secret), Timespan: timespan, Accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw unavailable(timedOut ? `${path}: no answer in ${settings.timeoutMs} ms` : `${path}: ${error instanceof Error ? error.message : 'network error'}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable(`${path}: HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw unavailable(`${path}: the answer is not JSON`);
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw unavailable(`${path}: the answer has no Status`);
    if (answer.data.Status === STATUS_NO_RESULT) return null;
    if (answer.data.Status !== STATUS_OK) throw unavailable(`${path}: Status ${answer.data.Status} ${answer.data.Message ?? ''}`.trim());
    return answer.data.Result;
  }

  return {
    async search(keyword, limit) {
      const words = keyword.trim();
      if (!words) return [];
      const result = await call('fuzzy-search', words);
      if (result === null) return [];
      const list = z.array(z.unknown()).safeParse(result);
      if (!list.success) throw unavailable('fuzzy-search: Result is not a list');
      const companies: RegisteredCompany[] = [];
      for (const item of list.data) {
        const company = companySchema.safeParse(item);
        if (company.success && company.data.Name.trim()) {
          companies.push({ name: company.data.Name.trim(), creditNo: company.data.CreditCode?.trim() ?? '' });
        }
      }
      return companies.slice(0, limit);
    },

    async findByName(name) {
      const wanted = name.trim();
      if (!wanted) return undefined;
      const result = await call('basic-info', wanted);
      if (result === null) return undefined;
      const company = companySchema.safeParse(result);
      if (!company.success) throw unavailable('basic-info: Result is not a company');
      const creditNo = company.data.CreditCode?.trim().toUpperCase() ?? '';
      // A company without a well-formed code (older registrations, branches) is not offered as
      // known: the form could not submit a code the shared rule refuses, so it asks by hand.
      if (!isValidCreditCode(creditNo)) return undefined;
      return { name: company.data.Name.trim(), creditNo };
    },
  };
}
