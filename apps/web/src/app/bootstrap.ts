import { getCompany } from '../features/company/api/get-company';
import { homeKeys } from '../features/home/api/query-keys';
import { setCompany, setCompanyFailed } from '../lib/company-store';
import { loadCurrentCity } from '../lib/current-city';
import { removeFirstScreen } from '../lib/first-screen';
import { queryClient } from '../lib/query-client';
import { loadSession, startSession } from '../lib/session/load-session';
import { applyBranding } from '../lib/theme';
import { takeStartData } from './start-data';

/**
 * Start-up: the company of this host (every later call carries its companyId) and the
 * session's init data, from the index page when the server wrote them there, else asked for
 * together; the session is applied once the company is (decision 033). With the company in
 * the page it is applied at once, before the app first renders. A company failure replaces
 * the whole app (part 1, section 8). Home's index data in the page seeds the query of the
 * city it names (the stored city, read now, decides whether home uses it).
 */
export async function startApp(): Promise<void> {
  const written = takeStartData();
  const session = startSession(written.init);
  if (written.index) queryClient.setQueryData(homeKeys.indexData(written.index.city.value), written.index);
  void loadCurrentCity();
  try {
    const company = written.company ?? (await getCompany(window.location.hostname, { quiet: true }));
    applyBranding(company);
    setCompany(company);
  } catch {
    removeFirstScreen();
    setCompanyFailed();
    return;
  }
  await loadSession(session);
}
