import type { Role } from './roles';

/**
 * Issue 17, item 4 (docs/decisions/054): the kinds of notification. Each kind is a message in
 * the in-app message centre, and a WeChat template message (users bound to WeChat) or an SMS
 * (the kinds the company switches on) besides. A user turns kinds off in 消息设置.
 */
export const MESSAGE_KINDS = ['RECORD_STATUS', 'RECORD_DYNAMIC', 'RECORD_NEW', 'PROTECTION_WARNING', 'REGISTRATION_DECIDED', 'COMMISSION', 'VISIT_REMINDER'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * The kinds a role can receive, so 消息设置 offers only those: the reporter's side (a report's
 * status and dynamics, the protection warning, the visit reminder (issue 32, item 2), the commission of its deals (issue 30, item 7); a
 * shop manager also hears of the shop's reports and of the registration it made), the auditors (a
 * new report to audit). Channel staff receive none.
 */
export function messageKindsForRole(role: Role): readonly MessageKind[] {
  switch (role) {
    case 'DIANZHANG':
      return ['RECORD_STATUS', 'RECORD_DYNAMIC', 'PROTECTION_WARNING', 'VISIT_REMINDER', 'COMMISSION', 'REGISTRATION_DECIDED'];
    case 'YUEWUYUAN':
      return ['RECORD_STATUS', 'RECORD_DYNAMIC', 'PROTECTION_WARNING', 'VISIT_REMINDER', 'COMMISSION'];
    case 'AUDITOR':
    case 'AUDITORADMIN':
      return ['RECORD_NEW'];
    default:
      return [];
  }
}

/**
 * The kinds the company may send by SMS (company.sms_notify_kinds; the console's 短信通知). Not
 * REGISTRATION_DECIDED: the registrant gets the spec's own review SMS either way.
 */
export const SMS_MESSAGE_KINDS = ['RECORD_STATUS', 'RECORD_DYNAMIC', 'RECORD_NEW', 'PROTECTION_WARNING', 'VISIT_REMINDER', 'COMMISSION'] as const satisfies readonly MessageKind[];
export type SmsMessageKind = (typeof SMS_MESSAGE_KINDS)[number];
export const isSmsMessageKind = (kind: MessageKind): kind is SmsMessageKind => (SMS_MESSAGE_KINDS as readonly string[]).includes(kind);

/** A dynamic's text in a message is cut to this many characters (the rest is on the report). */
export const MESSAGE_SNIPPET_MAX = 60;
