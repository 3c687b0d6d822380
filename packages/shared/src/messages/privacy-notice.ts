/**
 * 个人信息告知与同意 (issue 33, item 1; docs/decisions/095): the short notice on the report form and
 * the add-customer dialog, and the separate consent to proof pictures (敏感个人信息). The policy
 * itself is messages/privacy-policy.ts, loaded only where it shows.
 */
export const privacyNoticeMessages = {
  /** What, why and how long, with the company's retention months (console 数据保留). */
  notice: '客户的姓名、手机号及资质证明图片仅用于向开发商报备、核实到访和结算佣金；报备结束后，客户信息保留{months}个月后匿名化，图片保留{pictureMonths}个月后删除。',
  /** Before the company's months are known (or if they cannot be read): no figures. */
  noticeShort: '客户的姓名、手机号及资质证明图片仅用于向开发商报备、核实到访和结算佣金，报备结束后按公司的保留期限匿名化处理。',
  policyLink: '《隐私政策》',
  picConsent: '资质证明图片属于敏感个人信息，我已告知客户用途并取得其单独同意',
  /** On the report form's customer row whose pictures have no recorded consent: tap to edit and confirm. */
  consentPending: '待确认客户同意',
  close: '关闭',
} as const;
