/**
 * The outbox of calls that found no network (issue 33, item 5; docs/decisions/094). A file of
 * its own: a messages module goes whole into the chunk of the pages that read it, and only the
 * forms that fill the outbox, its page and its sender read these.
 */
export const outboxMessages = {
  title: '待发送',
  kind: { report: '报备客户', customer: '添加客户', feedback: '意见反馈' } as Record<'report' | 'customer' | 'feedback', string>,
  state: { waiting: '待发送', sending: '发送中', refused: '发送失败' } as Record<'waiting' | 'sending' | 'refused', string>,
  savedTitle: '已保存到待发送',
  saved: (kind: string) => `网络异常，${kind}已保存在本机的待发送列表，网络恢复后自动发送，不会重复提交`,
  sent: (kind: string) => `${kind}已发送`,
  refusedToast: (kind: string) => `${kind}未能发送，请在待发送列表中查看原因`,
  attempts: (n: number) => `已尝试发送${n}次`,
  savedAt: (time: string) => `保存于 ${time}`,
  sendNow: '立即发送',
  edit: '修改后重新提交',
  remove: '删除',
  removeConfirm: '删除后这条内容不会再发送，确定删除吗？',
  empty: '没有待发送的内容',
  offlineHint: '当前无网络，网络恢复后会自动发送',
  onlineHint: '发送失败的内容请修改后重新提交，其余会自动重试',
  entry: '待发送',
} as const;

