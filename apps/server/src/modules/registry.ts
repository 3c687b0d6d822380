import { adminModule } from './admin/admin-module';
import { authModule } from './auth/auth-module';
import { cityModule } from './city/city-module';
import { companyModule } from './company/company-module';
import { customerModule, customerPagesModule } from './customer/customer-module';
import { houseConsoleModule, houseModule } from './house/house-module';
import { indexModule } from './index/index-module';
import { messageModule } from './message/message-module';
import { recognizeModule } from './recognize/recognize-module';
import { piiAccessModule } from './privacy/pii-access-module';
import { recordModule } from './record/record-module';
import { registrationModule } from './registration/registration-module';
import { statsModule } from './stats/stats-module';
import { uploadModule } from './upload/upload-module';
import { userConsoleModule, userModule, userPagesModule } from './user/user-module';
import { wechatModule } from './wechat/wechat-module';
import { distributorConsoleModule, distributorModule } from './distributor/distributor-module';
import { privacyModule } from './privacy/privacy-module';

/**
 * Every module of the API, in the order app.ts registers them: a module comes after the
 * modules whose services it uses (each plugin names them in `dependencies`, and Fastify
 * refuses to start when one is missing or later).
 */
export const MODULES = [
  companyModule,
  // The access log of full phone numbers (docs/decisions/092): before every module whose answers show one.
  piiAccessModule,
  // Notifications (docs/decisions/054): before the modules whose transactions write messages.
  messageModule,
  uploadModule,
  // The distributor and user tables' owners, before the registration review that creates both
  // (and the auth module, which sets passwords).
  distributorModule,
  userModule,
  registrationModule,
  cityModule,
  statsModule,
  houseModule,
  authModule,
  indexModule,
  wechatModule,
  userPagesModule,
  // The customer tables' owner, before the report submit that saves customers.
  customerModule,
  recordModule,
  customerPagesModule,
  recognizeModule,
  houseConsoleModule,
  distributorConsoleModule,
  userConsoleModule,
  // 数据保留 and 个人信息请求 (docs/decisions/093): after the owners of the tables it anonymises.
  privacyModule,
  adminModule,
] as const;
