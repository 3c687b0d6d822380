import { adminApi } from './contract/admin';
import { adminFeatureApi } from './contract/admin-feature';
import { adminImportApi } from './contract/admin-import';
import { adminBatchApi } from './contract/admin-batch';
import { adminAuditLogApi } from './contract/admin-audit-log';
import { adminAccessLogApi } from './contract/admin-access-log';
import { adminFeedbackApi } from './contract/admin-feedback';
import { adminJobApi } from './contract/admin-job';
import { adminPrivacyApi } from './contract/admin-privacy';
import { adminAccountApi } from './contract/admin-account';
import { adminExportApi } from './contract/admin-export';
import { adminRecordApi } from './contract/admin-record';
import { adminHomeBannerApi, adminHomeCityApi, adminHomeColumnApi, adminHomeNavApi } from './contract/admin-home';
import { adminDistributorApi, adminRegistrationApi } from './contract/admin-distributor';
import { authApi } from './contract/auth';
import { cityApi } from './contract/city';
import { customerApi } from './contract/customer';
import { homeApi } from './contract/home';
import { houseApi } from './contract/house';
import { messageApi } from './contract/message';
import { recordApi } from './contract/record';
import { adminDealApi, recordDealApi } from './contract/record-deal';
import { registrationApi } from './contract/registration';
import { shareApi } from './contract/share';
import { staffApi } from './contract/staff';
import { adminStatementApi, statementApi } from './contract/statement';
import { statisticsApi } from './contract/statistics';
import { adminDashboardApi, channelStatisticsApi } from './contract/dashboard';
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
  // Issue 30, item 1: the company's listing features (contract/admin-feature.ts).
  adminFeature: adminFeatureApi,
  // Issue 30, item 4: imports from Excel (contract/admin-import.ts).
  adminImport: adminImportApi,
  // Issue 30, item 3: the tables' batch actions (contract/admin-batch.ts).
  adminBatch: adminBatchApi,
  // Issue 16, item 3: the console's report table (contract/admin-record.ts).
  adminRecord: adminRecordApi,
  // Issue 16, item 2: the console's accounts (contract/admin-account.ts).
  adminAccount: adminAccountApi,
  // Issue 16, item 4: the console's Excel exports (contract/admin-export.ts), files, not envelopes.
  adminExport: adminExportApi,
  // Issue 16, item 1: distributors and registration review (contract/admin-distributor.ts).
  adminDistributor: adminDistributorApi,
  adminRegistration: adminRegistrationApi,
  // Issue 16, items 5 and 6: the feedback inbox and the audit log viewer (contract/admin-feedback.ts, admin-audit-log.ts).
  adminFeedback: adminFeedbackApi,
  adminAuditLog: adminAuditLogApi,
  // Issue 33, item 2: who saw a customer's full phone number (contract/admin-access-log.ts, docs/decisions/092).
  adminAccessLog: adminAccessLogApi,
  // Issue 17, item 1: failed jobs, the console's 后台任务 (contract/admin-job.ts, docs/decisions/056).
  adminJob: adminJobApi,
  // Issue 33, item 4: 个人信息请求 (contract/admin-privacy.ts, docs/decisions/093).
  adminPrivacy: adminPrivacyApi,
  auth: authApi,
  city: cityApi,
  customer: customerApi,
  home: homeApi,
  house: houseApi,
  record: recordApi,
  // Issue 17, item 5: deals and commission (contract/record-deal.ts, docs/decisions/052).
  recordDeal: recordDealApi,
  adminDeal: adminDealApi,
  // Issue 30, item 6: 对账单, the console's and the general account's (contract/statement.ts, docs/decisions/082).
  adminStatement: adminStatementApi,
  statement: statementApi,
  // Issue 17, item 4: notifications, the message centre (contract/message.ts, docs/decisions/054).
  message: messageApi,
  registration: registrationApi,
  share: shareApi,
  staff: staffApi,
  statistics: statisticsApi,
  // Issue 31: 数据驾驶舱, the console's and the phone's (contract/dashboard.ts, docs/decisions/087).
  adminDashboard: adminDashboardApi,
  channelStatistics: channelStatisticsApi,
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
