/** Listings: list, detail, favourites, sharing, calculator, route planning and the listing calls' answers. */
import type { PhoneRule } from '../rules/house';

/** House detail and shared house page (part 1, sections 2, 8, 9). */
export const houseDetailMessages = {
  loadFailedTitle: '获取数据失败',
  loadFailed: '获取楼盘详情失败，请稍后重试',
  loadFailedRetry: '重新获取',
  tabBasic: '基本信息',
  tabCommission: '佣金政策',
  tabUnitTypes: '主力户型',
  tabLocation: '位置',
  none: '暂无',
  address: '地址',
  leadTimePrefix: '报备需提前',
  reportProtect: '报备保护期',
  takeLookProtect: '带看保护期',
  commissionRule: '佣金规则',
  commissionPolicy: '佣金政策',
  incentiveTime: '激励时间',
  policyDate: '政策时间',
  longTerm: '长期有效',
  secondaryPoint: '佣金点位',
  secondaryAward: '奖励',
  secondaryRemark: '备注',
  policyEmpty: '暂无佣金政策',
  policyLoadFailed: '获取佣金政策失败，点击重试',
  unitTypesEmpty: '暂无主力户型',
  floorArea: '建面约',
  discountPolicy: '优惠',
  routePlan: '路线规划',
  routePlanHint: '查看路线前请先开启手机定位',
  mapLoadFailed: '地图加载失败，可使用路线规划',
  incentivePolicy: '优惠政策',
  incentiveView: '查看',
  detailAlbum: '楼盘详情',
  vr: 'VR看房',
  video: '视频',
  videoUnsupported: '当前视频无法播放',
  vrPanHint: '左右滑动查看全景',
  vrDragHint: '拖动查看 360° 全景',
  vrLoading: '全景加载中…',
  vrNoWebgl: '当前浏览器不支持 3D 全景，已显示平面全景图',
  favorite: '收藏',
  favorited: '已收藏',
  favoriteFailed: '操作失败，请稍后重试',
  consult: '咨询',
  contactsTitle: '咨询电话',
  contactsEmpty: '暂无联系电话',
  onSiteTel: '案场电话',
  report: '报备客户',
  hintsTitle: '报备须知',
  hintFullName: '报备需填写客户全名',
  hintSurnameOnly: '报备可只填写客户姓氏',
  hintIdCard: '该楼盘报备需上传客户身份证明资料',
  continueReport: '继续报备',
  call: '打电话',
  share: '分享',
  sharer: '分享经纪人',
  noPhone: '暂无电话',
  shareDialogTitle: '自定义分享内容',
  shareTitleLabel: '分享标题',
  shareDescLabel: '分享描述',
  shareTitleRequired: '分享标题不能为空',
  shareConfirm: '确认分享',
  shareLinkCopied: '分享链接已复制，可粘贴发送给好友',
  shareCopyFailed: '复制失败，请手动复制链接',
  shareWechatHint: '点击右上角「···」，分享给朋友或朋友圈',
  shareWechatFailed: '微信分享配置失败，请稍后重试',
  shareGotIt: '我知道了',
  generatePoster: '生成海报',
  averagePrice: '均价',
  totalPrice: '总价',
  priceUnknown: '价格待定',
} as const;

export const favoriteMessages = {
  empty: '没有收藏的楼盘',
  loadError: '获取收藏楼盘失败,点我重新获取',
  loadFailed: '获取收藏楼盘列表失败',
  pageFailed: '请求失败，点击重新加载',
  noMore: '没有更多了',
  reportProtect: '报备保护',
  takeLookProtect: '带看保护',
  channel: '报备渠道',
  video: '视频',
  vr: 'VR',
} as const;

export const shareMessages = {
  empty: '还没有分享过楼盘',
  loadError: '获取分享记录失败,点我重新获取',
  loadFailed: '获取分享记录失败',
  pageFailed: '请求失败，点击重新加载',
  noMore: '没有更多了',
  visitCount: '浏览',
  visitCountUnit: '次',
  visitorCount: '访客',
  visitorCountUnit: '人',
  lastVisit: '最近访问',
  neverVisited: '暂无访问',
  visits: '访问记录',
  visitsEmpty: '暂无访问记录',
  visitsLoadFailed: '获取访问记录失败，点击重试',
  visitsMore: '加载更多',
  openHouse: '查看楼盘',
} as const;

/** House list (part 1, section 2, House list; section 9). */
export const houseListMessages = {
  searchPlaceholder: '请输入楼盘名称',
  search: '搜索',
  area: '区域',
  price: '价格',
  type: '类型',
  status: '状态',
  unlimited: '不限',
  empty: '暂无符合条件的楼盘',
  emptyHint: '换个关键词或筛选条件试试',
  clearFilters: '清除筛选条件',
  loadFailed: '获取楼盘列表失败',
  loadError: '获取楼盘列表失败，点击重新加载',
  pageFailed: '请求失败，点击重新加载',
  noMore: '没有更多了',
  reportProtect: '报备保护',
  takeLookProtect: '带看保护',
  buildingArea: '建面',
  incentiveTime: '激励时间',
  videoBadge: '视频',
  vrBadge: 'VR',
  optionsFailed: '筛选条件加载失败，点击重试',
  // Finding listings by what they pay (decision 090).
  sort: '排序',
  sortDefault: '默认排序',
  sortCommission: (property: string) => `佣金从高到低（${property}）`,
  sortCommissionShort: '佣金最高',
  highCommission: '高佣',
  incentive: '有激励',
  estimateYuan: (yuan: string) => `约${yuan}元/套`,
  estimateWan: (wan: string) => `约${wan}万/套`,
  estimateFor: (property: string) => `${property}佣金`,
} as const;

/** Mortgage calculator (part 1, section 2): the configured page, else the built-in form. */
export const calculatorMessages = {
  loanAmount: '贷款金额',
  loanAmountUnit: '万元',
  years: '贷款年限',
  yearsUnit: '年',
  rate: '年利率',
  rateUnit: '%',
  method: '还款方式',
  equalPayment: '等额本息',
  equalPrincipal: '等额本金',
  calculate: '开始计算',
  monthlyPayment: '每月月供',
  firstMonthPayment: '首月月供',
  monthlyDecrease: '每月递减',
  totalInterest: '支付利息',
  totalPayment: '还款总额',
  yuan: '元',
  amountInvalid: '请输入正确的贷款金额',
  yearsInvalid: '贷款年限为1-30年',
  rateInvalid: '请输入正确的年利率',
  hint: '计算结果仅供参考，以银行实际审批为准',
} as const;

/** Route planning /house/navigation (part 1, section 2, House detail). */
export const routePlanMessages = {
  locationHint: '请先开启定位权限，再进行路线规划',
  locationHintDetail: '路线规划需要您的当前位置：请在手机“设置”中允许浏览器或微信使用定位服务，然后选择出行方式，在地图应用中查看路线。',
  destination: '目的地',
  coordinates: '坐标',
  drive: '驾车',
  bus: '公交',
  walk: '步行',
  ride: '骑行',
  openAmap: '将在高德地图中为您规划路线',
  noPoint: '缺少目的地坐标，无法规划路线',
} as const;

/** Server answers of the listing calls (part 1, sections 2, 3 and 6). */
export const houseMessages = {
  notFound: '楼盘不存在或已下架',
  /** The detail's contact list: channel contacts carry this label, on-site staff none. */
  channelContactLabel: '(渠道对接人)',
  /** The album after the unit types: every other picture of the listing. */
  detailAlbum: '楼盘详情',
  /** The picture kind of a unit type's plan. */
  unitPlan: '户型图',
  favoriteAdded: '收藏成功',
  favoriteRemoved: '已取消收藏',
  /** The report channel (chengjiaoDesc) of a favourite: how the listing takes reports. */
  reportChannelOnline: '线上报备',
  ruleTelFull: '全号报备',
  ruleTelMasked: '隐号报备（前3后4）',
  /**
   * Issue 28 item 7: the phone rule as the listing detail and the report form say it, before a
   * refusal does (decision 066: whole numbers compared when both are whole, 前3后4 when one is hidden).
   */
  ruleTelLine: {
    FULL: '全号报备：须填写客户完整手机号码，按完整号码判断重复报备',
    MASKED: '隐号报备（前3后4）：可只填写手机号码前3位和后4位，隐号时按前3后4位判断重复报备',
  } satisfies Record<PhoneRule, string>,
} as const;

/** Visits of shared listing pages (part 1, section 4, Sharing). */
export const shareVisitMessages = {
  sharerNotFound: '分享人不存在',
  anonymousVisitor: '访客',
} as const;
