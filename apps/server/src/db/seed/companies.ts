import { brandAssets } from './assets';

export type BrandKey = 'haikou' | 'sanya';

export interface CompanySeed {
  brand: BrandKey;
  /** company.code; the web app resolves the company from the page host. */
  code: string;
  hosts: string[];
  title: string;
  color: string;
  gradientColor: string;
  description: string;
  kefPhone: string;
  /** Administrative division code of the home city, for credit codes. */
  divisionCode: string;
}

export const COMPANIES: readonly CompanySeed[] = [
  {
    brand: 'haikou',
    code: 'localhost',
    hosts: ['localhost'],
    title: '海口新房报备',
    color: '#1677ff',
    gradientColor: '#4fc3f7',
    description:
      '海口新房报备是海南安居新房营销服务有限公司为合作分销渠道提供的新房报备平台。平台面向经纪公司及其门店、经纪人，提供楼盘信息查询、佣金政策查看、客户报备、带看跟进与成交确认等服务。' +
      '用户应保证所报备的客户信息真实、准确，并已取得客户本人同意；报备是否有效以开发商认定结果为准。平台依法保护用户及客户的个人信息，不向无关第三方披露，仅用于报备、带看与结佣业务。',
    kefPhone: '0898-66661234',
    divisionCode: '460100',
  },
  {
    brand: 'sanya',
    code: '127.0.0.1',
    hosts: ['127.0.0.1'],
    title: '三亚置业报备',
    color: '#f5663b',
    gradientColor: '#ffb347',
    description:
      '三亚置业报备是三亚椰风置业顾问有限公司运营的渠道报备平台，覆盖三亚、陵水、万宁及海口等海南热门置业区域。渠道伙伴可在线查看楼盘佣金政策、快速报备客户并实时跟踪报备进度。' +
      '请勿报备虚假或未经客户授权的信息；重复报备（撞单）以保护期内最先报备的有效记录为准。使用本平台即表示您同意本协议及平台的隐私保护规则。',
    kefPhone: '0898-88886666',
    divisionCode: '460200',
  },
];

export function companyBranding(seed: CompanySeed): { logo: string; subLogo: string; favicon: string } {
  const { logo, subLogo, favicon } = brandAssets(seed.brand);
  return { logo, subLogo, favicon };
}
