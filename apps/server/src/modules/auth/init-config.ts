import { seesChannelContacts } from '@baobei/shared/rules/access';
import { permissionsOfRole } from '@baobei/shared/rules/permissions';
import { PRICE_OPTIONS } from '@baobei/shared/rules/house';
import { RECORD_STATUS_TEXT, recordStatusList } from '@baobei/shared/rules/record-status';
import { ROLE_LABELS, sessionRoleField, sessionStaffTypeField } from '@baobei/shared/rules/roles';
import type { InitConfig, UserInfo } from '@baobei/shared/schemas/session';
import type { CompanyRow } from '../company/company-repository';
import { buildCityTree, type CityService } from '../city/city-service';
import type { HouseService } from '../house/house-service';
import type { AuthRepository, UserRow } from './auth-repository';

/** What the web app needs from the server's configuration (it reads no environment). */
export interface ClientSettings {
  calculatorUrl: string;
  mapKey: string;
  mapSecurityCode: string;
  wechatEnabled: boolean;
}

export interface InitConfigDeps {
  settings: ClientSettings;
  auth: AuthRepository;
  cities: Pick<CityService, 'list'>;
  features: Pick<HouseService, 'features'>;
}

/** Part 1, section 3 (user info) and section 7 (initial config). */
export function createInitConfigBuilder({ settings, auth, cities, features }: InitConfigDeps) {
  async function userInfoOf(row: UserRow): Promise<UserInfo> {
    const [distributorName, channelList, bindWx] = await Promise.all([
      auth.distributorName(row.distributorId),
      seesChannelContacts(row.role) ? auth.channelContacts(row.distributorId) : [],
      auth.hasWechat(row.companyId, row.id),
    ]);
    return {
      uid: row.id,
      name: row.name,
      phone: row.phone,
      sex: row.sex,
      resume: row.resume,
      avatar: row.avatar,
      distributorName,
      distributorID: row.distributorId,
      role: sessionRoleField(row.role),
      distributorStaffType: sessionStaffTypeField(row.role),
      distributorControl: row.distributorControl ? 1 : 0,
      shopname: row.shopName,
      bindWx: bindWx ? 1 : 0,
      vacation: row.vacation,
      mustChangePassword: row.mustChangePassword,
      channelList,
      permissionList: permissionsOfRole(row.role),
    };
  }

  return async function buildInitConfig(
    company: CompanyRow,
    signedIn: { user: UserRow; token: string } | null,
  ): Promise<InitConfig> {
    const [cityRows, featureRows, userInfo] = await Promise.all([
      cities.list(company.id),
      features.features(company.id),
      signedIn ? userInfoOf(signedIn.user) : null,
    ]);
    const roots = new Set(cityRows.filter((c) => c.parentId === null).map((c) => c.id));
    return {
      token: signedIn?.token ?? null,
      userInfo,
      kefPhone: company.kefPhone,
      cityList: buildCityTree(cityRows),
      // The cities one can choose as current city: the level under the provinces.
      checkCityList: cityRows
        .filter((c) => c.parentId !== null && roots.has(c.parentId))
        .map((c) => ({ text: c.name, value: c.id, pid: c.parentId })),
      priceList: PRICE_OPTIONS.map((o) => ({ text: o.text, value: o.value })),
      houseTeseList: featureRows.map((f) => ({ text: f.name, value: f.id })),
      staffList: (['DIANZHANG', 'YUEWUYUAN'] as const).map((value) => ({ text: ROLE_LABELS[value], value })),
      recordStatusList: recordStatusList(),
      recordStatusTextObj: { ...RECORD_STATUS_TEXT },
      permissionOperations: userInfo?.permissionList ?? [],
      maxCustomersPerReport: company.maxCustomersPerReport,
      dealConfirmByAdmin: company.dealConfirmByAdmin,
      ...settings,
      // docs/decisions/039: the company's WeChat switch, on top of the server's credentials.
      wechatEnabled: settings.wechatEnabled && company.wechatEnabled,
    };
  };
}
export type BuildInitConfig = ReturnType<typeof createInitConfigBuilder>;
