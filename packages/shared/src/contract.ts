import { adminApi } from './contract/admin';
import { adminHomeBannerApi, adminHomeCityApi, adminHomeColumnApi, adminHomeNavApi } from './contract/admin-home';
import { authApi } from './contract/auth';
import { cityApi } from './contract/city';
import { customerApi } from './contract/customer';
import { homeApi } from './contract/home';
import { houseApi } from './contract/house';
import { recordApi } from './contract/record';
import { registrationApi } from './contract/registration';
import { shareApi } from './contract/share';
import { staffApi } from './contract/staff';
import { statisticsApi } from './contract/statistics';
import { uploadApi } from './contract/upload';
import { userApi } from './contract/user';
import { wechatApi } from './contract/wechat';
import { endpointKey, type Endpoint } from './contract/endpoint';
import type { AccessPolicy } from './contract/access';

/**
 * The API contract (docs/decisions/027): every endpoint described once, grouped by domain.
 * The server registers its routes from it and the web calls it through lib/api-client's `call`.
 */
export const api = {
  admin: adminApi,
  // Issue 15, item 5: the console's home content (contract/admin-home.ts).
  adminBanner: adminHomeBannerApi,
  adminNav: adminHomeNavApi,
  adminColumn: adminHomeColumnApi,
  adminCity: adminHomeCityApi,
  auth: authApi,
  city: cityApi,
  customer: customerApi,
  home: homeApi,
  house: houseApi,
  record: recordApi,
  registration: registrationApi,
  share: shareApi,
  staff: staffApi,
  statistics: statisticsApi,
  upload: uploadApi,
  user: userApi,
  wechat: wechatApi,
};

/** Every endpoint of the contract, in one list (the server's start-up check and the tests). */
export const ENDPOINTS: readonly Endpoint[] = Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);

/** The access policies of the contract, keyed `METHOD /path`. */
export const CONTRACT_POLICIES: Readonly<Record<string, AccessPolicy>> = Object.fromEntries(
  ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint.access]),
);
