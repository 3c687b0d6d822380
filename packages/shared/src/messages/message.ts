/** Issue 17, item 4: notifications and the message centre (docs/decisions/054). */
import type { MessageKind } from '../rules/message';

const reasonPart = (reason: string | null | undefined) => (reason ? `，原因：${reason}` : '');
const notePart = (note: string | null | undefined, closed: boolean) => (note ? `，${closed ? '原因' : '备注'}：${note}` : '');

export const messageMessages = {
  /** The kinds, as 消息设置 and the console's 短信通知 name them; also each message's title. */
  kind: {
    RECORD_STATUS: '报备状态变更',
    RECORD_DYNAMIC: '报备新动态',
    RECORD_NEW: '新报备待审核',
    PROTECTION_WARNING: '保护期即将到期',
    REGISTRATION_DECIDED: '入驻审核结果',
    COMMISSION: '佣金变动',
    VISIT_REMINDER: '到访提醒',
  } satisfies Record<MessageKind, string>,
  // The messages' contents: the customer by name only (never the phone), the listing, the new status.
  /** `closed`: the note is the close's reason (报备无效, 成交关闭, a 到访为王 close); otherwise the auditor's note. */
  recordStatus: (customer: string, house: string, status: string, note: string | null | undefined, closed: boolean) =>
    `客户${customer}在“${house}”的报备状态已变更为“${status}”${notePart(note, closed)}`,
  recordDynamic: (customer: string, house: string, author: string, snippet: string) =>
    `${author}在客户${customer}（${house}）的报备中添加了动态：${snippet}`,
  recordNew: (reporter: string, customer: string, house: string) => `${reporter}报备了客户${customer}（${house}），请及时审核`,
  protectionWarning: (customer: string, house: string, due: string) =>
    `客户${customer}在“${house}”的报备保护期将于${due}到期，请尽快安排带看`,
  // Issue 32, item 2 (docs/decisions/089): the time as the lists show it (formatVisitTime).
  visitReminder: (customer: string, house: string, at: string) => `客户${customer}预计${at}到访“${house}”，请提前做好带看准备`,
  registrationApproved: (name: string) => `您提交的分销商入驻申请“${name}”已通过审核`,
  registrationRejected: (name: string, reason: string) => `您提交的分销商入驻申请“${name}”未通过审核${reasonPart(reason)}`,
  // Issue 30, item 7: a deal's commission adjusted or paid (amounts in yuan, as the deal page shows them).
  commissionAdjusted: (customer: string, house: string, amount: string, reason: string) =>
    `客户${customer}（${house}）的成交佣金已调整为${amount}元${reasonPart(reason)}`,
  commissionPaid: (customer: string, house: string, amount: string, paid: string, owed: string) =>
    `客户${customer}（${house}）的佣金已结算${amount}元，累计已结${paid}元，应结${owed}元`,
  commissionReversed: (customer: string, house: string, amount: string, reason: string, paid: string, owed: string) =>
    `客户${customer}（${house}）的一笔${amount}元结佣已冲销${reasonPart(reason)}；累计已结${paid}元，应结${owed}元`,
  // Server answers.
  notFound: '消息不存在',
  kindInvalid: '消息类型',
  // The message centre (mobile).
  title: '消息',
  empty: '暂无消息',
  readAll: '全部已读',
  readAllDone: '已全部标为已读',
  unreadOnly: '只看未读',
  settings: '消息设置',
  settingsHint: '关闭后将不再收到该类消息（站内、微信和短信）',
  settingsSaved: '消息设置已保存',
  wechatBound: '已绑定微信，消息将同时通过微信通知您',
  wechatUnbound: '绑定微信后可通过微信接收消息通知',
  tabAll: '全部',
  tabUnread: '未读',
  tabUnreadCount: (count: number) => `未读 (${count > 99 ? '99+' : count})`,
  emptyUnread: '暂无未读消息',
  loadError: '获取消息失败，点我重新获取',
  loadFailed: '获取消息失败',
  noMore: '没有更多了',
  readFailed: '标记已读失败，请稍后重试',
  readAllFailed: '操作失败，请稍后重试',
  unreadBadge: (count: number) => `${count} 条未读消息`,
  settingsKinds: '接收的消息',
  settingsLoadError: '获取消息设置失败，点我重新获取',
  settingsSaveFailed: '保存失败，请稍后重试',
  settingsNone: '当前账号没有可接收的消息',
  wechatTitle: '微信通知',
  wechatOn: '已绑定',
  wechatOff: '未绑定',
  /** What each kind tells, under its switch in 消息设置. */
  kindHint: {
    RECORD_STATUS: '报备被审核、到访、成交等状态变化时通知',
    RECORD_DYNAMIC: '报备有新的跟进动态时通知',
    RECORD_NEW: '有分配给您的新报备时通知',
    PROTECTION_WARNING: '报备保护期到期前提醒',
    REGISTRATION_DECIDED: '分销商入驻申请审核后通知',
    COMMISSION: '成交佣金被调整、结算或冲销时通知',
    VISIT_REMINDER: '客户预计到访前提醒',
  } satisfies Record<MessageKind, string>,
  // The console's company settings (短信通知).
  smsNotify: '短信通知',
  smsNotifyHint: '勾选的消息类型将同时以短信发送到接收人的手机',
} as const;
