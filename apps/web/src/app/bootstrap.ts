import { getCompany } from '../features/company/api/get-company';
import { setCompany, setCompanyFailed } from '../lib/company-store';
import { loadSession } from '../lib/session/load-session';
import { applyBranding } from '../lib/theme';

/**
 * Start-up: the company of this host first (every later call carries its companyId), then the
 * session. A company failure replaces the whole app (part 1, section 8).
 */
export async function startApp(): Promise<void> {
  try {
    const company = await getCompany(window.location.hostname, { quiet: true });
    applyBranding(company);
    setCompany(company);
  } catch {
    setCompanyFailed();
    return;
  }
  await loadSession();
}
