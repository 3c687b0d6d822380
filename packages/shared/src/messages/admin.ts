/** The operator console (docs/decisions/039): its sign-in, the company brand and settings, companies. */

export const adminAuthMessages = {
  /** A console account on a mobile sign-in call (password, SMS code, WeChat) or a mobile call. */
  consoleAccountOnMobile: '该账号为运营后台账号，请在运营后台登录',
  /** A mobile account on the console's sign-in or calls. */
  noConsoleAccess: '该账号无运营后台权限',
  signedIn: '登录成功',
  signedOut: '退出成功',
  passwordChanged: '密码修改成功',
} as const;

export const adminCompanyMessages = {
  titleRequired: '请填写公司名称',
  titleTooLong: '公司名称最多40个字',
  colorInvalid: (field: string) => `${field}格式不正确，应为 #RRGGBB`,
  pictureInvalid: (field: string) => `${field}地址格式不正确`,
  kefPhoneInvalid: '客服电话格式不正确',
  descriptionTooLong: '公司简介最多2000个字',
  agreementTooLong: '用户协议最多20000个字',
  maxCustomersInvalid: '每次报备客户数应为1到20之间的整数',
  protectHoursInvalid: '默认报备保护期应为1到8760小时之间的整数',
  leadTimeInvalid: '默认提前报备时间应为0到1440分钟之间的整数',
  hostsRequired: '请至少填写一个域名',
  hostsTooMany: '最多填写10个域名',
  hostInvalid: (host: string) => `域名格式不正确：${host}`,
  hostRepeated: (host: string) => `域名重复填写：${host}`,
  hostTaken: (host: string) => `域名已被其他公司使用：${host}`,
  hostsPlatformOnly: '仅平台管理员可修改公司域名',
  companyIdPlatformOnly: '仅平台管理员可操作其他公司',
  versionRequired: '缺少版本号，请刷新后重试',
  /** 409: another save (another tab, another operator) came first. */
  staleVersion: '公司信息已被他人修改，请刷新后重试',
  saved: '保存成功',
  created: '公司已创建',
} as const;

/** The console's listings (issue 15, item 4): the house create, edit, withdraw and history calls. */
export const adminHouseMessages = {
  nameRequired: '请填写楼盘名称',
  cityRequired: '请选择城市',
  cityUnknown: '城市不存在，请重新选择',
  featureUnknown: '楼盘特色不存在，请重新选择',
  pictureInvalid: (field: string) => `${field}地址格式不正确`,
  linkInvalid: (field: string) => `${field}链接格式不正确，应以 http:// 或 https:// 开头`,
  phoneInvalid: (field: string) => `${field}格式不正确`,
  tooMany: (field: string, max: number) => `${field}最多${max}项`,
  protectHoursInvalid: '报备保护期应为1到8760小时之间的整数',
  takeLookHoursInvalid: '带看保护期应为1到87600小时之间的整数',
  leadTimeInvalid: '提前报备时间应为0到1440分钟之间的整数',
  policyPeriodInvalid: '佣金政策的结束日期不能早于开始日期',
  notFound: '楼盘不存在',
  /** 409: another save (another tab, another operator) came first. */
  staleVersion: '楼盘信息已被他人修改，请刷新后重试',
  created: '楼盘已创建',
  saved: '保存成功',
  withdrawn: '楼盘已撤回',
  restored: '楼盘已重新上架',
} as const;

// The console app's own interface words (apps/admin, decision 040). The console imports these
// sections directly; they are not in `messages` (messages.ts), so the mobile bundle never holds them.

/** The console's frame (apps/admin/src/app): window title, side menu, header, page states. */
export const adminConsoleMessages = {
  consoleName: '运营后台',
  menuOverview: '概览',
  menuBrand: '品牌设置',
  menuCompanies: '公司管理',
  logout: '退出登录',
  changePassword: '修改密码',
  logoutConfirm: '确定要退出登录吗？',
  cancel: '取消',
  loading: '加载中…',
  retry: '重试',
  companyLoadFailed: '公司信息加载失败',
  companyLoadFailedHint: '请检查网络后重试；如果一直失败，请确认当前网址已绑定公司。',
  pageNotFound: '页面不存在',
  backHome: '返回概览',
  pageFailed: '页面出错了',
  /** A console page for the platform administrator only, opened by an operator. */
  platformOnly: '仅平台管理员可访问此页面',
} as const;

/** The console's sign-in and change-password pages (the rules' messages are messages.login / changePassword). */
export const adminLoginMessages = {
  loginTitle: '运营后台登录',
  loginSubmit: '登录',
  pictureCodeRefresh: '换一张',
  changePasswordHint: '首次登录或密码已重置，请先修改密码再继续使用。',
  changePasswordDone: '密码修改成功，请重新登录',
  cancel: '取消',
} as const;

/** 概览. */
export const adminOverviewMessages = {
  welcome: (name: string) => `欢迎回来，${name}`,
  welcomeHint: '在这里管理移动端展示的品牌、楼盘和首页内容。',
  company: '当前公司',
  operator: '当前账号',
  name: '姓名',
  role: '角色',
  phone: '手机号',
  companyId: '公司编号',
  title: '公司名称',
  color: '主题色',
  hosts: '域名',
  kefPhone: '客服电话',
  maxCustomersPerReport: '每次报备客户数',
  defaultProtectHours: '默认报备保护期',
  defaultReportLeadTime: '默认提前报备时间',
  updatedAt: '最近修改',
  hours: (n: number) => `${n} 小时`,
  minutes: (n: number) => `${n} 分钟`,
  empty: '—',
} as const;

/** 品牌设置 and a company's brand in 公司管理: the form's labels, hints and states. */
export const adminBrandMessages = {
  subTitle: '修改后，移动端下次打开时生效',
  conflictDescription: '其他人刚刚保存过公司信息。重新加载后，您的修改需要再填一次。',
  reload: '重新加载',
  save: '保存',
  reset: '重置',
  versionLine: (version: number, updatedAt: string) => `版本 ${version} · 最近修改 ${updatedAt}`,
  sectionBasic: '基本信息',
  sectionLook: '品牌外观',
  sectionSettings: '报备设置',
  sectionAgreement: '用户协议',
  title: '公司名称',
  kefPhone: '客服电话',
  description: '公司简介',
  color: '主题色',
  gradientColor: '渐变色',
  gradientPreview: '移动端顶部效果',
  logo: 'Logo',
  subLogo: '副Logo',
  favicon: '网站图标',
  picturePlaceholder: '/uploads/… 或 https://…',
  pictureUnset: '未设置',
  maxCustomersPerReport: '每次报备客户数',
  defaultProtectHours: '默认报备保护期（小时）',
  defaultReportLeadTime: '默认提前报备时间（分钟）',
  dealConfirmByAdmin: '成交需审核管理员确认',
  wechatEnabled: '启用微信功能',
  hosts: '域名',
  hostsTooltip: '由平台管理员维护',
  hostsEditTooltip: '打开这些域名的移动端和运营后台属于本公司；输入后按回车添加',
  hostsPlaceholder: '例如 hk.example.com',
  agreementPlaceholder: '留空则使用系统内置的用户协议',
} as const;

/** 公司管理 (platform administrator): the company list, the create form and a company's editor. */
export const adminCompaniesMessages = {
  title: '公司管理',
  subTitle: '平台上的全部公司；新公司没有城市、楼盘和账号，其运营管理员由 create-admin 命令创建',
  create: '新建公司',
  createTitle: '新建公司',
  createSubmit: '创建',
  edit: '编辑',
  editTitle: (title: string) => `编辑公司：${title}`,
  keyword: '关键词',
  keywordPlaceholder: '公司名称或域名',
  id: '公司编号',
  companyTitle: '公司名称',
  logo: 'Logo',
  color: '主题色',
  hosts: '域名',
  operatorCount: '后台账号数',
  createdAt: '创建时间',
  actions: '操作',
  hostsLabel: '域名',
  kefPhone: '客服电话',
  hostsExtra: '打开这些域名的移动端和运营后台属于该公司；输入后按回车添加',
  hostsPlaceholder: '例如 hk.example.com',
  brandHint: '其余品牌与报备设置创建后可在“编辑”中修改，未填的使用默认值',
  total: (total: number) => `共 ${total} 家公司`,
} as const;
