/** 数据驾驶舱 (issue 31, docs/decisions/087): the calls' own messages. */
export const dashboardMessages = {
  periodInvalid: '结束日期不能早于开始日期',
  periodTooLong: '时间范围不能超过366天',
  oneScope: '城市、楼盘、分销商只能选择一个',
  noScope: '暂无可查看的数据',
  scopeNotFound: '所选范围不存在',
} as const;
