import { adminModule } from './admin/admin-module';
import { authModule } from './auth/auth-module';
import { cityModule } from './city/city-module';
import { companyModule } from './company/company-module';
import { customerModule, customerPagesModule } from './customer/customer-module';
import { houseConsoleModule, houseModule } from './house/house-module';
import { indexModule } from './index/index-module';
import { messageModule } from './message/message-module';
import { recognizeModule } from './recognize/recognize-module';
import { recordModule } from './record/record-module';
import { registrationModule } from './registration/registration-module';
import { statsModule } from './stats/stats-module';
import { uploadModule } from './upload/upload-module';
import { userConsoleModule, userModule, userPagesModule } from './user/user-module';
import { wechatModule } from './wechat/wechat-module';
import { distributorConsoleModule, distributorModule } from './distributor/distributor-module';

/**
 * Every module of the API, in the order app.ts registers them: a module comes after the
 * modules whose services it uses (each plugin names them in `dependencies`, and Fastify
 * refuses to start when one is missing or later).
 */
export const MODULES = [
  companyModule,
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
  adminModule,
] as const;
