import type { PhoneMatch } from '../rules/duplicate-phone';

/** Customers a recognition did not add, by reason. */
export interface RecognizeSkips {
  /** Their phone is already a customer of the form (or came earlier in the same text). */
  onForm: number;
  /** The form already held the company's customers per report. */
  overLimit: number;
  /** A name without a phone. */
  noPhone: number;
}

/** Reports (报备): the form, its selection screens, submit answers, the report list, detail and audit. */

export const recordMessages = {
  houseRequired: '至少选择一个楼盘',
  /** A sold-out or stopped listing cannot be reported. */
  houseNotReportable: (house: string, status: string) => `【${house}】${status}，不能报备，请选择其他楼盘`,
  visitTimeRequired: '请选择到访时间',
  visitorNumRequired: '请填写到访人数',
  dkPhoneRequired: '请填写带看人手机号码',
  dkNameRequired: '请填写带看人姓名',
  dkPhoneInvalid: '带看人手机号码格式错误',
  visitorNumMin: '到访人数最少一人，请修改',
  customerRequired: '至少填写一个客户',
  genderDialogTitle: '请选择客户性别',
  genderDialogContent: '以下客户未选择性别：',
  proofDialogTitle: '缺少资质证明',
  proofDialogContent: '所选楼盘需要上传客户身份证明资料，以下客户未上传：',
  tooManyHouses: '一次报备的楼盘不能超过10个',
  /** DECISIONS.md: `最多同时报备N个客户，报备客户列表里已有 M 个客户`. */
  tooManyCustomers: (max: number, current: number) => `最多同时报备${max}个客户，报备客户列表里已有 ${current} 个客户`,
  visitTimeOutOfRange: '到访时间不在可选范围内，请重新选择',
  submitFailedTitle: '提交失败',
  submitFailed: '提交失败',
  submitExceptionTitle: '提交异常',
  submitException: '提交异常，请检查网络',
  submitSlow: '报备单生成过多，请稍候',
  restoreDraft: '恢复报备',
  recognizeEmpty: '识别内容不能为空',
  recognizeFailedTitle: '识别失败',
} as const;

/** The report form's own labels (the web half of the report form's texts). */
export const reportFormMessages = {
  houses: '楼盘',
  selectHouse: '选择楼盘',
  housesEmpty: '请选择楼盘',
  visitTime: '到访时间',
  visitTimePlaceholder: '请选择到访时间',
  visitTimeHint: (earliest: string) => `最早可选 ${earliest}`,
  visitorNum: '到访人数',
  customers: '客户',
  customerCount: (current: number, max: number) => `${current}/${max}`,
  customersEmpty: '暂无客户，请添加或选择客户',
  addCustomer: '添加客户',
  selectCustomer: '选择客户',
  removeCustomer: '移除',
  sexMale: '男',
  sexFemale: '女',
  sexUnknown: '未选性别',
  picCount: (n: number) => `资料 ${n} 张`,
  dkStaff: '带看人',
  dkStaffName: '带看人姓名',
  dkStaffNamePlaceholder: '请输入带看人姓名',
  dkStaffPhone: '带看人电话',
  dkStaffPhonePlaceholder: '请输入带看人手机号码',
  selectStaff: '选择',
  reception: '指定接待',
  receptionPlaceholder: '请输入指定接待人（选填）',
  remark: '备注',
  remarkPlaceholder: '请输入备注（选填）',
  recognize: '智能识别',
  recognizePlaceholder: '粘贴客户信息，如：张先生 13800138000，带看人李四 13900139000，到访2人',
  recognizeButton: '识别',
  /**
   * The recognition's result; skipped customers with why (issue 28, item 9), only the reasons
   * that apply: the phone already on the form, past the company's limit, or no phone found.
   */
  recognized: (added: number, skipped: RecognizeSkips, max: number) => {
    const reasons = [
      skipped.onForm > 0 ? `${skipped.onForm} 个已在表单中` : '',
      skipped.overLimit > 0 ? `${skipped.overLimit} 个超出上限 ${max} 人` : '',
      skipped.noPhone > 0 ? `${skipped.noPhone} 个未识别到手机号` : '',
    ].filter(Boolean);
    const total = skipped.onForm + skipped.overLimit + skipped.noPhone;
    return total > 0 ? `已识别 ${added} 个客户，跳过 ${total} 个（${reasons.join('，')}）` : `已识别 ${added} 个客户`;
  },
  submit: '提交报备',
  restoreDraft: '您有未完成的报备，是否继续？',
  loadHouseFailed: '获取楼盘信息失败，请重新选择楼盘',
  pickerUnits: { year: '年', month: '月', day: '日', hour: '时', minute: '分' },
} as const;

/** How a duplicate was found, as the refusal says it. */
export const duplicateMatchText: Record<PhoneMatch, string> = {
  whole: '手机号码相同',
  pattern: '隐号报备，按前3后4比对',
};

/** The protection a refusal names: until a time, or none that time ends (a deal, issue 28 item 2). */
const protectedText = (until: string | null) => (until === null ? '已成交' : `保护期至 ${until}`);

/** The server's answers of report submit, customers and uploads beyond the spec's catalogue. */
export const recordServerMessages = {
  houseNotFound: '所选楼盘不存在或已下架，请重新选择',
  visitTimeWindow: (earliest: string, latest: string) =>
    `到访时间不在可选范围内，请选择 ${earliest} 至 ${latest} 之间的时间`,
  picNotOwned: '客户资质图片无效，请重新上传',
  duplicateInSubmit: '客户列表里已经存在此手机号码，请更换手机号码',
  /**
   * DECISIONS.md, 撞单: names the listing, the masked phone, how the numbers met (decision 066:
   * the same whole number, or the first 3 and last 4 digits because one side was hidden) and the
   * protected-until time.
   */
  duplicateOther: (house: string, phone: string, until: string | null, match: PhoneMatch) =>
    `【${house}】客户 ${phone} 已被其他渠道报备（${duplicateMatchText[match]}），${protectedText(until)}，不能重复报备`,
  duplicateOwn: (house: string, phone: string, until: string | null, match: PhoneMatch) =>
    `该客户已报备过此楼盘：【${house}】客户 ${phone}（${duplicateMatchText[match]}），${protectedText(until)}，不能重复报备`,
  noAuditor: '暂无可分配的审核人员，请联系管理员',
  submitSuccessTitle: '报备成功',
  submitSuccess: '报备成功，请等待审核',
  submitLine: (house: string, name: string, phone: string) => `${house}：${name} ${phone}`,
  visitLine: (time: string) => `到访时间：${time}`,
  customerNotFound: '客户不存在或已删除',
  customerAdded: '客户添加成功',
  customerRemoved: '客户删除成功',
  uploadMissing: '请选择要上传的图片',
  uploadSuccess: '上传成功',
  /** The history line the protection job writes when a protection ends (docs/decisions/051). */
  protectionExpired: '报备保护期已过，客户已释放，其他渠道可报备',
  viewingProtectionExpired: '带看保护期已过，客户已释放，其他渠道可报备',
} as const;

/** The report form's selection screens. */
export const reportSelectMessages = {
  houseSearchPlaceholder: '搜索楼盘名称',
  area: '区域',
  areaUnlimited: '不限',
  areaTitle: '选择区域',
  houseEmpty: '没有找到楼盘',
  houseLoadError: '楼盘加载失败，点击重新加载',
  housePageFailed: '请求失败，点击重新加载',
  houseNoMore: '没有更多了',
  selectedCount: (n: number) => `已选 ${n} 个`,
  confirm: '确定',
  houseFactsFailed: '获取楼盘信息失败，请重试',
  customerSearchPlaceholder: '搜索客户姓名或手机号',
  customerEmpty: '没有客户信息',
  customerLoadError: '客户加载失败，点击重新加载',
  customerInDraft: '已在报备列表',
  staffSearchPlaceholder: '搜索姓名或手机号',
  staffEmpty: '没有带看人信息',
  staffLoadError: '带看人加载失败，点击重新加载',
  cancel: '取消',
} as const;

/** Report list, detail, audit and the external list (part 2, sections 2-9). */
export const recordTrackMessages = {
  // Report list (part 2, section 8 and screens).
  listTitle: '我的订单',
  companyListTitle: '公司订单',
  searchPlaceholder: '搜索客户姓名、手机号或楼盘',
  tabAll: '全部',
  timeFilter: '时间',
  brokerFilter: '经纪人',
  brokerAll: '全部经纪人',
  customRangeTitle: '自选时间',
  customRangeStart: '开始日期',
  customRangeEnd: '结束日期',
  customRangeIncomplete: '请选择开始和结束日期',
  listLoadFailed: '订单数据获取失败',
  listLoadException: '报备列表获取异常',
  /** The list's tap-to-retry state, worded like the customer and staff lists'. */
  listLoadError: '获取报备列表失败，点我重新获取',
  brokerListFailed: '获取经纪人列表失败',
  listEmpty: '暂无报备订单',
  noMore: '没有更多了',
  expired: '已过保护期',
  labelCustomer: '客户',
  labelHouse: '楼盘',
  labelCreatedAt: '报备时间',
  labelEstimatedVisit: '预计到访',
  // Issue 32, item 2 (docs/decisions/089): the 待到访 view of the reporter side's lists.
  awaitingVisit: '待到访',
  visitOverdue: '已过预计时间',
  awaitingVisitRefused: '待到访仅适用于经纪人和店长的订单',
  awaitingVisitEmpty: '暂无待到访的报备',
  labelVisitTime: '到访时间',
  labelAuditAt: '审核时间',
  labelBroker: '经纪人',
  labelDk: '带看人',
  labelChannel: '渠道对接人',
  labelReception: '指定接待',
  labelDistributor: '分销商',
  labelVisitorNum: '到访人数',
  labelRemark: '备注',
  labelApprovalResult: '审核意见',
  labelProtectUntil: '保护期至',
  none: '暂无',
  multiSelect: '多选',
  selectAll: '全选',
  exportConfirm: '确认导出',
  exportLeave: '退出多选',
  exportNothing: '请选择要导出的报备单',
  copyNothing: '请选择要复制的报备单',
  exportSelected: (n: number) => `已选 ${n} 单`,
  rowUpdated: '已更新数据',
  statusChanged: '订单状态修改成功',
  // Report detail.
  detailTitle: '订单详情',
  tabOrder: '订单信息',
  tabImages: '二维码',
  tabDynamics: '客户动态',
  detailLoadFailedTitle: '订单数据获取失败',
  detailLoadException: '订单数据获取异常，点击确认进行重新加载',
  actionAudit: '审核',
  actionView: '查看',
  actionChannel: '报备单操作',
  actionChangeStatus: '更改报备单状态',
  actionAddDynamic: '添加客户动态',
  reReport: '重新报备',
  dial: '拨打',
  history: '审核记录',
  dynamicsEmpty: '暂无客户动态',
  imagesEmpty: '暂无二维码图片',
  uploadImage: '上传图片',
  deleteImage: '删除',
  deleteImageConfirm: '确定要删除这张图片吗？',
  deleteImageSuccess: '删除成功',
  deleteImageFailed: '删除失败，请重试',
  deleteImageException: '删除失败，请检查网络，或稍后重试',
  imageUploaded: '上传成功',
  dynamicTitle: '添加客户动态',
  dynamicPlaceholder: '请输入客户动态',
  dynamicRequired: '请填写内容',
  dynamicAdded: '动态添加成功',
  dynamicFailedTitle: '提交失败',
  dynamicFailed: '提交失败，请稍后重试',
  dynamicException: '提交异常，请检查网络或稍后重试',
  completeInfoTitle: '提示',
  completeInfo: '报备信息已发开发商，开发商未回复报备结果，报备是否有效以开发商认定结果为准。',
  markUnvisit: '未到访',
  markVisit: '已到访',
  markConfirmTitle: '确定要更改订单状态？',
  markConfirm: '此操作不可逆',
  // Audit.
  auditTitle: '报备审核',
  auditLoadFailedTitle: '获取数据失败',
  auditLoadFailed: '获取订单信息失败，请稍后重试',
  auditLoadException: '订单信息获取异常，请检查网络或请稍后重试',
  auditDialogTitle: '审核',
  modifyDialogTitle: '修改',
  fieldStatus: '报备单状态',
  fieldReback: '驳回报备单',
  fieldVisitTime: '到访时间',
  fieldOpinion: '审核意见',
  opinionPlaceholder: '请输入审核意见（选填）',
  rebackHint: '选择驳回报备单时 报备单状态只能为报备无效',
  visitTimeRequired: '请选择到访时间',
  statusRequired: '请选择报备单状态',
  auditSubmit: '提交',
  copyLink: '复制链接',
  statusNoChoice: '当前状态不可更改',
  visitTimePlaceholder: '请选择',
  confirmChange: '确定要更改订单状态？',
  confirmClosing: '提交后，报备单将会关闭，',
  confirmIrreversible: '此操作不可逆',
  submitSuccessTitle: '提交成功',
  submitSuccess: '订单数据提交成功',
  /** The status kept, only the opinion / visit time saved (no irreversible confirmation). */
  opinionSaved: '报备单状态未变更，审核意见已保存',
  submitFailedTitle: '提交失败',
  submitFailed: '订单数据提交失败，请稍后重试',
  submitException: '订单数据提交异常，请稍后重试',
  copyAll: '复制报备',
  copyFormat: '报备格式',
  copied: (what: string) => `${what}成功复制到剪辑板`,
  copyFormatDone: '报备格式复制成功',
  copyFailed: '复制失败，如果多次复制失败，请联系管理员',
  externalLink: '案场确认链接',
  externalLinkRenew: '更换链接',
  externalLinkRenewConfirm: '更换后旧链接立即失效，确定更换？',
  externalLinkRenewed: '链接已更换',
  externalLinkCopied: '链接已复制',
  /** Fixed labels of the copied report text (part 2, section 9). */
  copyLabels: {
    firstCompany: '一级公司',
    secondCompany: '二级公司',
    dkName: '带看人',
    dkPhone: '带看人电话',
    customerName: '客户姓名',
    customerPhone: '客户电话',
    customerSex: '客户性别',
    visitorNum: '到访人数',
    house: '报备项目',
    visitDate: '到访日期',
    reception: '指定接待',
    remark: '备注',
  },
  male: '男',
  female: '女',
  // Server answers.
  notFound: '报备单不存在或无权查看',
  staleVersion: '报备单已被他人修改，请刷新后重试',
  transitionRefused: (from: string, to: string) => `报备单状态不能从「${from}」改为「${to}」`,
  closedAdminOnly: '报备单已关闭，只有审核管理员可以修改',
  rebackOnlyPending: '只有待处理的报备单可以驳回',
  rebackOnlyClose: '选择驳回报备单时 报备单状态只能为报备无效',
  visitTimeWindow: (latest: string) => `到访时间需在 2020-01-01 00:00 至 ${latest} 之间`,
  imageNotFound: '图片不存在或已删除',
  tooManyImages: '每个报备单最多上传 9 张图片',
  auditSubmitted: '订单数据提交成功',
  // External list (live page, signed link).
  externalTitle: '案场报备确认',
  externalLinkInvalid: '链接无效或已过期，请联系报备系统管理员获取新链接',
  externalWaiting: '待确认',
  externalChecked: '已确认到访',
  externalCheck: '确认到访',
  externalCheckConfirm: (name: string) => `确认客户 ${name} 已到访？`,
  externalCheckDone: '已确认到访',
  externalEmpty: '暂无报备客户',
  // Issue 32, item 6 (docs/decisions/089): the 案场 list's search and day filter.
  arrivalSearchPlaceholder: '搜索客户姓名或手机尾号后4位',
  arrivalTailInvalid: '手机尾号请输入后4位数字',
  arrivalDayFilter: '预计到访日期',
  arrivalDayAll: '全部日期',
  arrivalToday: '今天',
  arrivalTomorrow: '明天',
  arrivalPickDay: '选择日期',
  arrivalNoMatch: '没有符合条件的报备客户',
  externalActor: '案场确认',
  externalNotWaiting: '该报备单不在待确认状态，请刷新',
  /** The actual visit time chosen on the external list (default now). */
  externalVisitTimeTitle: '实际到访时间',
  externalCheckAt: (time: string) => `到访时间：${time}`,
  arrivalInFuture: '到访时间不能晚于当前时间',
  arrivalBeforeReport: (created: string) => `到访时间不能早于报备时间（${created}）`,
  // Vacation switch (AUDITOR, my tab).
  vacation: '休假',
  vacationOn: '休假中，不再分配新报备',
  vacationOff: '在岗',
  vacationFailed: '切换失败',
} as const;
