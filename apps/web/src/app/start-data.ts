import type { Company } from '@baobei/shared/schemas/company';
import type { IndexData } from '@baobei/shared/schemas/house';
import type { InitConfig } from '@baobei/shared/schemas/session';

/**
 * What the server writes into the index page (apps/server/src/plugins/web-static.ts): this
 * host's company and its anonymous init data, the answers start-up would otherwise fetch
 * first, so the first page renders without a round trip (decision 033). Either may be missing
 * (a host the server does not know, a failure, `/index.html` itself): start-up fetches it.
 */
export interface StartData {
  company?: Company;
  init?: InitConfig;
  /** On home's index: the index data of the server's default city, named by `city.value`. */
  index?: IndexData;
}

/** The element's id; the server's `START_DATA_ID`. */
export const START_DATA_ID = 'baobei-start';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The script's text as start data: anything unreadable is none. */
export function parseStartData(text: string | null | undefined): StartData {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(parsed)) return {};
  const data: StartData = {};
  if (isObject(parsed.company) && typeof parsed.company.companyId === 'number') data.company = parsed.company as unknown as Company;
  if (isObject(parsed.init)) data.init = parsed.init as unknown as InitConfig;
  const index = parsed.index;
  if (isObject(index) && isObject(index.city) && typeof index.city.value === 'number' && Array.isArray(index.banners)) {
    data.index = index as unknown as IndexData;
  }
  return data;
}

/** Reads the page's start data once, and removes it (it is stale once the app runs). */
export function takeStartData(): StartData {
  const element = document.getElementById(START_DATA_ID);
  if (!element) return {};
  element.remove();
  return parseStartData(element.textContent);
}
