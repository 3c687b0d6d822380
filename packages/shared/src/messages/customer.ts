/** Customers: the server's answers and customer management. */

export const customerMessages = {
  nameRequired: '请填写客户姓名',
  sexRequired: '请选择客户性别',
  phoneRequired: '请填写客户手机号码',
  phoneFormatTitle: '手机号码格式错误',
  phoneFormatContent: '请输入正确的大陆手机号码；其他地区的号码请选择"其他"并填写区号',
  phoneDuplicate: '客户列表里已经存在此手机号码，请更换手机号码',
  maskedNotAllowed: '该楼盘需要填写完整的客户手机号码',
  /** The customer's separate consent to proof pictures (docs/decisions/095): the dialog's rule, and the submit's. */
  picConsentRequired: '上传资质证明图片前，请确认已取得客户的单独同意',
  picConsentMissing: (names: string) => `请编辑以下客户，确认已取得其单独同意后再提交资质证明图片：${names}`,
  mr: '先生',
  ms: '女士',
} as const;

/** Customer management /customer/list and the add-customer dialog (part 2, sections 2 and 8; part 1, section 5). */
export const customerListMessages = {
  searchPlaceholder: '搜索客户',
  empty: '没有客户信息',
  searchEmpty: '没有对应客户信息',
  /** 公司客户 (docs/decisions/024): the broker a customer belongs to. */
  owner: (name: string) => `经纪人：${name}`,
  loadFailedTitle: '获取数据失败',
  loadFailed: '获取客户列表失败，请稍后重试',
  loadError: '获取客户列表失败，点我重新获取',
  retry: '重试',
  call: '拨打',
  remove: '删除',
  removeConfirm: (name: string) => `确定要删除 ${name} 吗?\n删除客户后不可恢复`,
  removeFailedTitle: '删除失败',
  removeFailed: '客户删除失败，请稍后重试',
  removeException: '客户删除失败,发生异常，请稍后重试',
  add: '添加',
  sexMale: '男',
  sexFemale: '女',
  sexUnknown: '未知',
  formTitle: '添加客户',
  /** The same popup on a customer already listed. */
  formEditTitle: '编辑客户',
  formName: '姓名',
  formNamePlaceholder: '请输入客户姓名',
  formSex: '性别',
  formTelType: '手机号类型',
  telTypeMainland: '大陆',
  telTypeOther: '其他',
  formPhone: '手机号',
  formPhonePlaceholder: '请输入客户手机号码',
  formPhoneOtherPlaceholder: '请输入手机号码（含区号）',
  formPics: '资质证明',
  formPicsHint: '可上传身份证等资质证明图片（jpeg、png、gif、bmp，不超过 5MB）',
} as const;
