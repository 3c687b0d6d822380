import { z } from 'zod';
import { adminFeatureMessages as text_ } from '../messages/admin/feature';
import { adminHomeMessages } from '../messages/admin/home-content';
import { dbId, dbInt, text } from './fields';

/**
 * The console's 楼盘特色 (issue 30, item 1; docs/decisions/078): add, rename, order, retire and
 * restore. Refusals name the field (`data.field`).
 */
export const FEATURE_NAME_MAX = 20;
const name = text('特色名称', FEATURE_NAME_MAX).refine((v) => v !== '', { error: text_.nameRequired });
const idVersion = { id: dbId('ID'), version: dbInt('版本号', 0) };

export const adminFeatureSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  sort: z.number(),
  active: z.boolean(),
  /** The listings that have it (retired or not). */
  houseCount: z.number(),
  version: z.number(),
});
export type AdminFeature = z.infer<typeof adminFeatureSchema>;
export const adminFeatureListSchema = z.object({ list: z.array(adminFeatureSchema) });

/** `POST /api/admin/feature/create`: a name, unique in the company; it goes last. */
export const createFeatureSchema = z.object({ name });
export type CreateFeatureInput = z.infer<typeof createFeatureSchema>;

/** `POST /api/admin/feature/update`: rename, retire (`active: false`) or restore. */
export const updateFeatureSchema = z.object({
  ...idVersion,
  name: name.optional(),
  active: z.boolean({ error: '启用状态格式不正确' }).optional(),
});
export type UpdateFeatureInput = z.infer<typeof updateFeatureSchema>;

/** `POST /api/admin/feature/reorder`: every feature as read, in the new order. */
export const reorderFeaturesSchema = z.object({
  items: z
    .array(z.object(idVersion), { error: '排序格式不正确' })
    .min(1, { error: '排序格式不正确' })
    .max(500, { error: adminHomeMessages.tooMany('排序', 500) })
    .refine((list) => new Set(list.map((i) => i.id)).size === list.length, { error: adminHomeMessages.repeated('排序') }),
});
export type ReorderFeaturesInput = z.infer<typeof reorderFeaturesSchema>;
