/**
 * A listing's poster (issue 32, item 3; docs/decisions/091). A file of its own: a messages
 * module goes whole into the chunk of the pages that read it, and only the listing detail and
 * the poster's own chunk read these.
 */
export const posterMessages = {
  title: '分享海报',
  drawing: '海报生成中…',
  failed: '海报生成失败',
  retry: '重新生成',
  longPressSave: '长按图片保存，发送给客户或分享到朋友圈',
  download: '下载海报',
  fileName: (houseName: string) => `${houseName}-海报.png`,
  alt: (houseName: string) => `${houseName}的分享海报`,
  broker: '置业顾问',
  scanHint: '长按识别二维码，查看楼盘详情',
} as const;
