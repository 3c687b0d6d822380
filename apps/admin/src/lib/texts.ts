import { adminConsoleMessages, adminLoginMessages, adminOverviewMessages } from '@baobei/shared/messages/admin';

/**
 * The console's interface words, kept in @baobei/shared/messages/admin (decision 040) as the
 * mobile app keeps its texts in messages/*. Pages import their section from there; this object
 * keeps the earlier names for code that still reads them.
 */
export const texts = {
  ...adminConsoleMessages,
  ...adminLoginMessages,
  welcome: adminOverviewMessages.welcome,
  welcomeHint: adminOverviewMessages.welcomeHint,
  overviewCompany: adminOverviewMessages.company,
  overviewOperator: adminOverviewMessages.operator,
  overviewRole: adminOverviewMessages.role,
  overviewPhone: adminOverviewMessages.phone,
  overviewCompanyId: adminOverviewMessages.companyId,
} as const;
