/**
 * Every user-facing Chinese string of the spec, once. Client and server import these;
 * tests assert against them. Where the spec gives only an English gloss, the Chinese
 * wording chosen here is the product's wording.
 *
 * The texts live in one file per domain under messages/; this object assembles them under
 * their section names, so `messages.<section>.<key>` reads the same everywhere.
 */
import { commonMessages, inputMessages, uploadMessages, uploaderMessages, locateMessages, wechatMessages } from './messages/common';
import { loginMessages, changePasswordMessages, retrievePasswordMessages, profileMessages, feedbackMessages } from './messages/account';
import { homeMessages, indexMessages, cityMessages, helpMessages, aboutMessages } from './messages/home';
import { houseDetailMessages, favoriteMessages, shareMessages, houseListMessages, calculatorMessages, routePlanMessages, houseMessages, shareVisitMessages } from './messages/house';
import { posterMessages } from './messages/poster';
import { outboxMessages } from './messages/outbox';
import { offlineMessages } from './messages/offline';
import { statisticsMessages } from './messages/statistics';
import { recordMessages, reportFormMessages, recordServerMessages, reportSelectMessages, recordTrackMessages } from './messages/record';
import { customerMessages, customerListMessages } from './messages/customer';
import { customerPageMessages } from './messages/customer-page';
import { registrationMessages } from './messages/registration';
import { staffMessages } from './messages/staff';
import { adminAuthMessages, adminCompanyMessages, adminHouseMessages } from './messages/admin';
import { dealMessages } from './messages/deal';
import { statementMessages } from './messages/statement';
import { messageMessages } from './messages/message';

export const messages = {
  common: commonMessages,
  input: inputMessages,
  login: loginMessages,
  changePassword: changePasswordMessages,
  retrievePassword: retrievePasswordMessages,
  profile: profileMessages,
  feedback: feedbackMessages,
  home: homeMessages,
  upload: uploadMessages,
  houseDetail: houseDetailMessages,
  poster: posterMessages,
  favorite: favoriteMessages,
  share: shareMessages,
  statistics: statisticsMessages,
  index: indexMessages,
  city: cityMessages,
  houseList: houseListMessages,
  help: helpMessages,
  about: aboutMessages,
  calculator: calculatorMessages,
  routePlan: routePlanMessages,
  record: recordMessages,
  reportForm: reportFormMessages,
  recordServer: recordServerMessages,
  customer: customerMessages,
  house: houseMessages,
  customerList: customerListMessages,
  customerPage: customerPageMessages,
  uploader: uploaderMessages,
  locate: locateMessages,
  shareVisit: shareVisitMessages,
  wechat: wechatMessages,
  reportSelect: reportSelectMessages,
  recordTrack: recordTrackMessages,
  registration: registrationMessages,
  staff: staffMessages,
  adminAuth: adminAuthMessages,
  adminCompany: adminCompanyMessages,
  adminHouse: adminHouseMessages,
  deal: dealMessages,
  statement: statementMessages,
  message: messageMessages,
  outbox: outboxMessages,
  offline: offlineMessages,
} as const;

export type Messages = typeof messages;
