/** Part 2, section 4: report statuses and their labels. RECORDSTANDBY is shown as 处理中. */
export const RECORD_STATUSES = [
  'RECORDSTART',
  'RECORDSTANDBY',
  'RECORDCOMPLETE',
  'RECORDCLOSE',
  'UNVISIT',
  'VISIT',
  'MAKEBARGAIN',
  'MAKEBARGAINCOMPLETE',
  'MAKEBARGAINCLOSE',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const RECORD_STATUS_TEXT: Record<RecordStatus, string> = {
  RECORDSTART: '待处理',
  RECORDSTANDBY: '处理中',
  RECORDCOMPLETE: '已发开发商',
  RECORDCLOSE: '报备无效',
  UNVISIT: '未到访',
  VISIT: '已到访',
  MAKEBARGAIN: '成交',
  MAKEBARGAINCOMPLETE: '确认成交',
  MAKEBARGAINCLOSE: '成交关闭',
};

export const recordStatusList = (): { value: RecordStatus; text: string }[] =>
  RECORD_STATUSES.map((value) => ({ value, text: RECORD_STATUS_TEXT[value] }));
