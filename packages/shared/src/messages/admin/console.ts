export const adminAuthMessages = {
  /** A console account on a mobile sign-in call (password, SMS code, WeChat) or a mobile call. */
  consoleAccountOnMobile: '该账号为运营后台账号，请在运营后台登录',
  /** A mobile account on the console's sign-in or calls. */
  noConsoleAccess: '该账号无运营后台权限',
  signedIn: '登录成功',
  signedOut: '退出成功',
  passwordChanged: '密码修改成功',
} as const;

/** The console's frame (apps/admin/src/app): window title, side menu, header, page states. */
export const adminConsoleMessages = {
  consoleName: '运营后台',
  menuOverview: '概览',
  menuBrand: '品牌设置',
  menuCompanies: '公司管理',
  menuHouses: '楼盘管理',
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

/** The console's picture fields (apps/admin/src/components/picture-field.tsx): upload or typed address. */
export const adminPictureMessages = {
  upload: '上传图片',
  uploading: '上传中…',
  uploadFailed: (name: string, reason: string) => `${name} 上传失败：${reason}`,
  placeholder: '上传，或填写 /uploads/… 或 https:// 地址',
  unset: '未设置',
} as const;

/** The console's sign-in and change-password pages (the rules' messages are messages.login / changePassword). */
export const adminLoginMessages = {
  loginTitle: '运营后台登录',
  loginSubmit: '登录',
  pictureCodeRefresh: '换一张',
  /** Decision 017's second factor: the picture code above pays for the login code. */
  secondFactorHint: '请先填写图形验证码，再获取短信验证码',
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
