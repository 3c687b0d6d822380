/**
 * The console's own interface words (docs/decisions/040). The spec describes only the mobile
 * app; strings both share (sign-in and password rules, request failures) come from
 * @baobei/shared/messages, and the console's server messages from its messages/admin.
 */
export const texts = {
  consoleName: '运营后台',
  loginTitle: '运营后台登录',
  loginSubmit: '登录',
  pictureCodeRefresh: '换一张',
  menuOverview: '概览',
  menuBrand: '品牌设置',
  logout: '退出登录',
  changePassword: '修改密码',
  logoutConfirm: '确定要退出登录吗？',
  loading: '加载中…',
  retry: '重试',
  companyLoadFailed: '公司信息加载失败',
  companyLoadFailedHint: '请检查网络后重试；如果一直失败，请确认当前网址已绑定公司。',
  pageNotFound: '页面不存在',
  backHome: '返回概览',
  pageFailed: '页面出错了',
  welcome: (name: string) => `欢迎回来，${name}`,
  welcomeHint: '在这里管理移动端展示的品牌、楼盘和首页内容。',
  overviewCompany: '当前公司',
  overviewOperator: '当前账号',
  overviewRole: '角色',
  overviewPhone: '手机号',
  overviewCompanyId: '公司编号',
  changePasswordHint: '首次登录或密码已重置，请先修改密码再继续使用。',
  changePasswordDone: '密码修改成功，请重新登录',
} as const;
