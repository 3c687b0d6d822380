import { houseFeature } from '../schema';
import type { Tx } from '../client';
import { NAV_ICONS, type NavIcon } from './assets';

/** Listing features (house_feature, the spec's houseTeseList): the type filter and the home nav grid. */
export const FEATURES = [
  { name: '热门楼盘', icon: 'hot' },
  { name: '地铁沿线', icon: 'metro' },
  { name: '学区房', icon: 'school' },
  { name: '海景房', icon: 'sea' },
  { name: '低总价', icon: 'low' },
  { name: '现房', icon: 'ready' },
  { name: '养老度假', icon: 'retire' },
  { name: '投资优选', icon: 'invest' },
] as const satisfies readonly { name: string; icon: NavIcon }[];

export type FeatureName = (typeof FEATURES)[number]['name'];

export async function insertFeatures(tx: Tx, companyId: number): Promise<Map<FeatureName, number>> {
  const rows = await tx
    .insert(houseFeature)
    .values(FEATURES.map((f, i) => ({ companyId, name: f.name, icon: NAV_ICONS[f.icon], sort: i })))
    .returning({ id: houseFeature.id, name: houseFeature.name });
  return new Map(rows.map((r) => [r.name as FeatureName, r.id]));
}
