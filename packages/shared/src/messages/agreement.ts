/**
 * The built-in user agreement, loaded with its page only: the shared `messages` object is in
 * every page's first load (decision 033), a document is not.
 */
/** User agreement: the company description (part 1, section 1) and the standard terms. */
export const agreementMessages = {
  docTitle: '《{title}用户协议》',
  companyTitle: '平台介绍',
  intro: '欢迎使用{title}（以下简称“本平台”）。请您在使用本平台前仔细阅读本协议；您登录或使用本平台即视为同意本协议的全部内容。',
  sections: [
    { title: '一、服务内容', body: '本平台为分销商及其员工提供新房楼盘浏览、客户报备、报备进度跟踪、客户管理及数据统计等服务。楼盘信息、价格及佣金政策以开发商最终确认为准。' },
    { title: '二、账号使用', body: '账号仅限本人使用，请妥善保管密码，不得转借他人。因保管不善造成的损失由账号持有人承担；发现账号被盗用请立即联系客服。' },
    { title: '三、报备规范', body: '报备的客户信息须真实、准确，并已取得客户同意。不得虚假报备、恶意撞单或冒用他人信息；违反者平台有权撤销报备并暂停账号。' },
    { title: '四、个人信息保护', body: '本平台仅为提供服务收集必要的信息（如手机号、姓名、客户报备资料），依法保护您的个人信息，未经同意不会向无关第三方提供。定位信息仅用于为您切换所在城市。' },
    { title: '五、免责声明', body: '因网络故障、系统维护或不可抗力导致服务中断的，本平台不承担责任，但会尽力减少对您的影响。' },
    { title: '六、协议变更', body: '本平台可根据业务需要修改本协议，修改后的协议在平台公布后生效。如有疑问，请联系客服。' },
  ],
} as const;
