/** Texts every screen and server answer shares: errors, buttons, field validation, uploads, locating, WeChat. */

export const commonMessages = {
  requestException: '请求异常，请稍后重试',
  requestExceptionTitle: '请求异常',
  serverError: '服务器繁忙，请稍后重试',
  notFound: '您访问的内容不存在',
  pageNotFound: '页面不存在',
  tooLarge: '提交的内容过大',
  tooManyRequests: '操作过于频繁，请稍后再试',
  invalidInput: '提交的数据格式不正确',
  loginExpiredTitle: '登录过期',
  loginExpired: '登录已过期，请重新登录',
  unauthorized: '请先登录',
  noPermissionTitle: '无使用权限',
  noPermission: '您没有该页面的使用权限，请返回',
  forbidden: '您没有执行此操作的权限',
  companyLoadFailed: '获取公司数据失败，报备系统打开异常，请刷新后重试',
  companyNotFound: '公司不存在',
  initDataFailed: '获取初始化数据失败',
  featurePreparing: '功能正在准备中',
  loading: '加载中...',
  confirm: '确定',
  cancel: '取消',
  back: '返回',
  retry: '重试',
  goHome: '返回首页',
  openInWechat: '请在微信浏览器打开!',
  invalidIdempotencyKey: '请求标识格式不正确',
  requestInProgress: '请求正在处理中，请勿重复提交',
  refresh: '刷新',
  pageNotFoundHint: '您访问的页面不存在或已被移除',
  pageLoadFailed: '页面加载失败',
  pageLoadFailedHint: '网络不稳定或页面已更新，请重试',
  pleaseWait: '请稍候',
} as const;

/** Bad input to any field, named by its label (schemas/fields.ts). */
export const inputMessages = {
  tooLong: (field: string, max: number) => `${field}不能超过${max}个字`,
  badCharacter: (field: string) => `${field}含有不允许的字符`,
  invalid: (field: string) => `${field}格式不正确`,
  outOfRange: (field: string) => `${field}超出范围`,
  tooMany: (field: string, max: number) => `${field}不能超过${max}项`,
} as const;

export const uploadMessages = {
  notImage: '不是图片文件，请确认后重新上传！',
  tooLarge: '图片大小不能大于 5MB',
  failed: '图片上传失败，请稍后重试',
  failedNetwork: '图片上传失败，请检查网络',
  tooManyPixels: '图片尺寸过大，请上传不超过4000万像素、边长不超过10000像素的图片',
  tooFrequent: '上传过于频繁，请稍后再试',
  quotaExceeded: '今日上传的图片已达上限，请明天再试',
  linkExpired: '图片链接已过期，请刷新页面后重试',
  /** docs/decisions/062: an upload of another purpose (an avatar as a proof, a proof as a listing picture). */
  wrongPurpose: (field: string) => `${field}只能使用在此处上传的图片，请重新上传`,
  /** docs/decisions/062: not an upload of this company (the console's picture fields). */
  notUploaded: (field: string) => `${field}不是本公司上传的图片，请重新上传`,
} as const;

/** The image uploader (part 1, sections 5 and 8); the failure texts are `upload`'s. */
export const uploaderMessages = {
  uploading: '图片上传中…',
} as const;

/** Nearest-city locating (DECISIONS.md, Reverse geocoding). */
export const locateMessages = {
  noCity: '定位失败，请手动选择城市',
  noCities: '暂无城市数据',
} as const;

/** WeChat JS-SDK and OAuth (DECISIONS.md, SMS and WeChat). */
export const wechatMessages = {
  notConfigured: '未配置微信公众号',
  requestFailed: '微信服务请求失败，请稍后重试',
  urlInvalid: '页面地址不正确',
  /** A page URL (or Host) that is not one of the company's configured hosts (docs/decisions/059). */
  hostNotAllowed: '页面地址不属于本站，无法进行微信授权',
  // Sign-in and binding (part 1, sections 2, 4, 7 and 8).
  authorizeTitle: '微信授权登录',
  loginWithWechat: '微信登录',
  authorizeHint: '授权后将使用已绑定的微信快速登录',
  authorizeLogin: '授权登录',
  cancelReturn: '取消并返回',
  authorizing: '正在授权...',
  authorizeFailedTitle: '授权失败',
  authorizeFailed: '微信授权失败',
  stateInvalid: '授权已失效，请重新授权',
  codeInvalid: '微信授权码无效，请重新授权',
  notBound: '该微信尚未绑定账号，请使用手机号登录后在“我的”页面绑定微信',
  phoneLogin: '手机号登录',
  bind: '绑定微信',
  unbind: '解绑微信',
  bound: '已绑定',
  unbound: '未绑定',
  bindTitle: '微信授权绑定',
  binding: '正在绑定...',
  bindSuccess: '绑定成功',
  bindFailedTitle: '绑定失败',
  unbindConfirm: '解绑后将不能使用微信登录，确定要解绑吗？',
  unbindSuccess: '解绑成功',
  unbindFailedTitle: '解绑失败',
  alreadyBound: '当前账号已绑定微信，请先解绑',
  boundToOther: '该微信已绑定其他账号',
} as const;
