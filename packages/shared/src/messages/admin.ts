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
