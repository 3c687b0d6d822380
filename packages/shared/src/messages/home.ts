/** The home tabs, city selection, help, about us and the user agreement. */

export const homeMessages = {
  tabIndex: '首页',
  tabReport: '报备',
  tabMy: '我的',
  searchPlaceholder: '搜索楼盘名称、区域',
  quickLinks: '常用功能',
  serviceHotline: '客服热线',
  microShop: '我的微店',
  microShopHint: '微店即将上线，敬请期待',
  microShopVisitors: '访客',
  microShopViews: '浏览',
  microShopShares: '分享',
  reportTools: '报备工具',
  managerTools: '店长管理',
  companyCustomers: '公司客户',
  channelContacts: '我的渠道对接人',
  channelContactsEmpty: '暂无渠道对接人',
  notLoggedIn: '登录后查看报备、订单与佣金信息',
  logout: '退出登录',
} as const;

/** Home index tab (part 1, section 2) and locating the current city (section 4, City). */
export const indexMessages = {
  selectCity: '选择城市',
  more: '更多',
  loadFailed: '首页数据加载失败，点击重新加载',
  empty: '该城市暂无推荐内容',
  emptyHint: '换个城市看看，或直接搜索楼盘',
  browseAll: '查看全部楼盘',
  locateConfirmTitle: '切换城市',
  locateConfirm: '定位到您当前所在城市为{city}，是否切换？',
  locateSwitch: '切换',
  locateStay: '不切换',
  chooseOtherCity: '请选择您所在的城市',
  locateFailedTitle: '定位失败',
  locateFailed: '定位失败，请手动选择城市',
  goChooseCity: '选择城市',
} as const;

/** City selection (part 1, section 2). */
export const cityMessages = {
  current: '当前城市',
  defaultTag: '默认',
  all: '全部城市',
  otherGroup: '其他城市',
  empty: '暂无可选城市',
  loadFailed: '获取城市列表失败，点击重新加载',
  switched: '已切换到{city}',
} as const;

/** Help and feedback (part 1, sections 2, 5 and 8). */
export const helpMessages = {
  faqTitle: '常见问题',
  faq: [
    { q: '什么是报备？', a: '报备是把您带来的客户提前登记给开发商，登记成功后在保护期内到访、成交的客户都算作您的业绩。' },
    { q: '报备保护期和带看保护期是什么？', a: '报备保护期内其他渠道不能重复报备同一客户；客户到访后进入带看保护期，期满未成交的报备将失效。' },
    { q: '为什么看不到佣金和保护期？', a: '佣金、保护期和报备渠道只对已登录的分销商员工展示，请先登录。' },
    { q: '如何切换城市？', a: '在首页左上角点击当前城市，选择您所在的城市即可，首页内容会随之切换。' },
    { q: '报备提交后在哪里查看进度？', a: '在「报备」页的「我的订单」中可查看每一条报备的审核进度和到访、成交状态。' },
  ],
  feedbackTitle: '意见反馈',
  feedbackPlaceholder: '请描述您遇到的问题或建议，我们会尽快处理',
  submit: '提交反馈',
  success: '提交成功，感谢您的反馈',
  failedTitle: '提交失败',
  failed: '提交失败，请稍后重试',
  kefPhone: '客服电话',
} as const;

/** About us (part 1, section 2). */
export const aboutMessages = {
  description: '平台介绍',
  noDescription: '暂无介绍',
  kefPhone: '客服电话',
  version: '当前版本',
  agreement: '用户协议',
  privacy: '隐私政策',
} as const;

