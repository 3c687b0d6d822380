import { z } from 'zod';

/** Part 1, section 3: a node of the city tree; empty children are null. */
export interface CityNode {
  id: number;
  text: string;
  value: number;
  children: CityNode[] | null;
}
export const cityNodeSchema: z.ZodType<CityNode> = z.lazy(() =>
  z.object({ id: z.number(), text: z.string(), value: z.number(), children: z.array(cityNodeSchema).nullable() }),
);

const option = z.object({ text: z.string(), value: z.union([z.string(), z.number()]) });

export const channelContactSchema = z.object({ name: z.string(), manageArea: z.string(), mobile: z.string() });

/** Part 1, section 3: the user part of the session. */
export const userInfoSchema = z.object({
  uid: z.number(),
  name: z.string(),
  phone: z.string(),
  sex: z.number(),
  resume: z.string(),
  avatar: z.string(),
  distributorName: z.string(),
  distributorID: z.number().nullable(),
  role: z.enum(['AUDITOR', 'AUDITORADMIN', '']),
  distributorStaffType: z.enum(['DIANZHANG', 'YUEWUYUAN', 'CHANNEL', 'CHANNELJINGLI', '']),
  distributorControl: z.number(),
  shopname: z.string(),
  bindWx: z.number(),
  vacation: z.number(),
  mustChangePassword: z.boolean(),
  channelList: z.array(channelContactSchema),
  permissionList: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * The initial config: the anonymous one has `userInfo: null` and no token; the
 * authenticated one, and every sign-in answer, carries both.
 */
export const initConfigSchema = z.object({
  token: z.string().nullable(),
  userInfo: userInfoSchema.nullable(),
  kefPhone: z.string(),
  cityList: z.array(cityNodeSchema),
  checkCityList: z.array(z.object({ text: z.string(), value: z.number(), pid: z.number().nullable() })),
  priceList: z.array(option),
  houseTeseList: z.array(option),
  staffList: z.array(option),
  recordStatusList: z.array(z.object({ value: z.string(), text: z.string() })),
  recordStatusTextObj: z.record(z.string(), z.string()),
  permissionOperations: z.array(z.string()),
  /** The company's customers per report (company.max_customers_per_report; DECISIONS.md default 5). */
  maxCustomersPerReport: z.number(),
  /** Decision 022: only the auditor admin confirms a deal (company.deal_confirm_by_admin). */
  dealConfirmByAdmin: z.boolean(),
  /** The mortgage calculator's external page; '' when none is configured. */
  calculatorUrl: z.string(),
  /** The maps service key and security code; '' turns the interactive map off. */
  mapKey: z.string(),
  mapSecurityCode: z.string(),
  /** True when WeChat credentials are configured (share configuration, OAuth). */
  wechatEnabled: z.boolean(),
});
export type InitConfig = z.infer<typeof initConfigSchema>;
