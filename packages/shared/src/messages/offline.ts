/**
 * The app without a network, and a new version (issue 33, item 6; docs/decisions/094). A file of
 * its own: only the banner and the prompt read these, each loaded when it shows.
 */
export const offlineMessages = {
  banner: '离线：当前无网络，显示的是上次打开时的内容',
  newVersion: '有新版本',
  newVersionHint: '刷新后使用新版本',
  reload: '刷新',
  later: '稍后',
  /** A list opened without a network shows the page this device last read, and when. */
  keptAt: (time: string) => `离线数据：${time} 读取，联网后下拉刷新`,
} as const;
