/**
 * The company registry behind the registration form's company lookup (part 2, section 7:
 * get-company-by-keyword, get-company-by-name), chosen by COMPANY_REGISTRY: `http`, a
 * business-registry API (company-registry-http.ts); `builtin`, the development list below;
 * `none`, no registry at all, so every company takes the manual name + credit-code path.
 */
export interface RegisteredCompany {
  name: string;
  /** Unified social credit code (GB 32100-2015). */
  creditNo: string;
}

/**
 * Either call rejects with this when the registry could not answer (network, timeout, an
 * error status, an answer it cannot read): the lookup failed, which is not "no such company".
 */
export class CompanyRegistryUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`company registry unavailable: ${reason}`);
    this.name = 'CompanyRegistryUnavailableError';
  }
}

export interface CompanyRegistry {
  /** Companies whose name matches the keyword, at most `limit`. */
  search(keyword: string, limit: number): Promise<RegisteredCompany[]>;
  /** The company of exactly this name, or undefined. */
  findByName(name: string): Promise<RegisteredCompany | undefined>;
}

/** COMPANY_REGISTRY=none: knows no company, so the form goes to the typed name and code. */
export function createNoCompanyRegistry(): CompanyRegistry {
  return {
    search: async () => [],
    findByName: async () => undefined,
  };
}

/** The local data set: Hainan property agencies with valid check characters in their codes. */
export const LOCAL_COMPANIES: readonly RegisteredCompany[] = [
  { name: '海南椰风房产经纪有限公司', creditNo: '91460100MA5T103777' },
  { name: '海口府城房产服务有限公司', creditNo: '91460100MA5T1074EG' },
  { name: '海南南海置业顾问有限公司', creditNo: '91460100MA5T1111M8' },
  { name: '海口滨海湾房地产经纪有限公司', creditNo: '91460100MA5T1148W6' },
  { name: '海南琼州房地产代理有限公司', creditNo: '91460100MA5T11854F' },
  { name: '海口万绿园置业有限公司', creditNo: '91460100MA5T1222B7' },
  { name: '海南骑楼房产经纪有限公司', creditNo: '91460100MA5T1259J5' },
  { name: '海口美兰安家房产服务有限公司', creditNo: '91460100MA5T1296RE' },
  { name: '海南国兴地产顾问有限公司', creditNo: '91460100MA5T133316' },
  { name: '海口西海岸房产经纪有限公司', creditNo: '91460100MA5T13708F' },
  { name: '海南江东新区置业服务有限公司', creditNo: '91460100MA5T1407FU' },
  { name: '海口秀英港湾房地产经纪有限公司', creditNo: '91460100MA5T1444N5' },
  { name: '海南椰岛置家房产代理有限公司', creditNo: '91460100MA5T1481XE' },
  { name: '海口龙华金盘房产经纪有限公司', creditNo: '91460100MA5T15185T' },
  { name: '海南自贸港房地产营销策划有限公司', creditNo: '91460100MA5T1555C4' },
  { name: '三亚天涯置业服务有限公司', creditNo: '91460200MA5T1592KJ' },
  { name: '三亚亚龙湾房产经纪有限公司', creditNo: '91460200MA5T1629TY' },
  { name: '三亚海棠湾置业顾问有限公司', creditNo: '91460200MA5T166628' },
  { name: '三亚鹿回头房地产代理有限公司', creditNo: '91460200MA5T170390' },
  { name: '三亚大东海房产服务有限公司', creditNo: '91460200MA5T1740G9' },
  { name: '三亚吉阳房地产经纪有限公司', creditNo: '91460200MA5T1777P7' },
  { name: '三亚崖州湾置业有限公司', creditNo: '91460200MA5T1814YY' },
  { name: '儋州洋浦房产经纪有限公司', creditNo: '91460400MA5T18516J' },
  { name: '琼海博鳌房地产代理有限公司', creditNo: '91469002MA5T1888D8' },
  { name: '琼海万泉河置业顾问有限公司', creditNo: '91469002MA5T1925L0' },
  { name: '文昌航天城房产经纪有限公司', creditNo: '91469005MA5T1962UL' },
  { name: '万宁兴隆房地产营销有限公司', creditNo: '91469006MA5T199931' },
  { name: '万宁石梅湾置业服务有限公司', creditNo: '91469006MA5T2036A8' },
  { name: '陵水清水湾房产经纪有限公司', creditNo: '91469028MA5T2073HD' },
  { name: '澄迈老城房地产经纪有限公司', creditNo: '91469023MA5T2110QW' },
  { name: '定安南丽湖置业顾问有限公司', creditNo: '91469021MA5T21470X' },
  { name: '海南五指山房产服务有限公司', creditNo: '91469001MA5T218478' },
];

export function createLocalCompanyRegistry(companies: readonly RegisteredCompany[] = LOCAL_COMPANIES): CompanyRegistry {
  return {
    async search(keyword, limit) {
      const words = keyword.split(/\s+/).filter(Boolean);
      if (words.length === 0) return [];
      return companies.filter((c) => words.every((w) => c.name.includes(w))).slice(0, limit);
    },
    async findByName(name) {
      return companies.find((c) => c.name === name.trim());
    },
  };
}
