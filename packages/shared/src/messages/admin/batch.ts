/** The console's batch actions (issue 30, item 3; docs/decisions/084). */
export const adminBatchMessages = {
  idsRequired: '请选择要操作的记录',
  tooMany: (max: number) => `一次最多操作${max}条，请分批操作`,
  approveInvalid: '请选择通过或驳回',
  paidOnInvalid: '请选择正确的结佣日期',
  done: (succeeded: number, failed: number) => (failed ? `成功${succeeded}条，失败${failed}条` : `已完成${succeeded}条`),
  // The tables.
  selected: (count: number) => `已选 ${count} 项`,
  clear: '取消选择',
  failedTitle: (failed: number) => `${failed}条未完成`,
  failedRow: '记录',
  failedReason: '原因',
  // 楼盘管理.
  withdraw: '批量下架',
  restore: '批量上架',
  withdrawConfirm: (count: number) => `下架选中的 ${count} 个楼盘？下架后移动端不再展示，已有报备保留。`,
  restoreConfirm: (count: number) => `上架选中的 ${count} 个楼盘？`,
  // 入驻审核.
  approve: '批量通过',
  reject: '批量驳回',
  approveConfirm: (count: number) => `通过选中的 ${count} 条注册申请？每条都会创建分销商和总账号。`,
  rejectTitle: (count: number) => `驳回选中的 ${count} 条注册申请`,
  rejectReason: '驳回原因',
  rejectReasonRequired: '请填写驳回原因',
  // 报备管理.
  reassign: '批量更换审核员',
  reassignTitle: (count: number) => `为选中的 ${count} 条报备更换审核员`,
  auditor: '新审核员',
  auditorRequired: '请选择审核员',
  pay: '批量结佣',
  payTitle: (count: number) => `为选中的 ${count} 条报备结清待结佣金`,
  payHint: '每条成交按当前待结佣金额登记一笔结佣；没有待结佣金额的报备不会登记。',
  paidOn: '结佣日期',
  reference: '付款凭证号',
  // 账号管理.
  disable: '批量停用',
  disableConfirm: (count: number) => `停用选中的 ${count} 个账号？停用后立即下线，不能再登录。`,
};
