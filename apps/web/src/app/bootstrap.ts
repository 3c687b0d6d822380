import { getCompany } from '../features/company/api/get-company';
import { setCompany, setCompanyFailed } from '../lib/company-store';
import { loadSession, startSession } from '../lib/session/load-session';
import { applyBranding } from '../lib/theme';

/**
 * Start-up: the company of this host (every later call carries its companyId) and the
 * session's init data are asked for together; the session is applied once the company is
 * (decision 033). A company failure replaces the whole app (part 1, section 8).
 */
export async function startApp(): Promise<void> {
  const session = startSession();
  try {
    const company = await getCompany(window.location.hostname, { quiet: true });
    applyBranding(company);
    setCompany(company);
  } catch {
    setCompanyFailed();
    return;
  }
  await loadSession(session);
}
