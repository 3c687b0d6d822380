import { adminHouseListMessages as text } from '@baobei/shared/messages/admin';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { commissionPolicySummary } from '@baobei/shared/rules/audit-log';
import { SELLING_STATUS_TEXT, type SellingStatus } from '@baobei/shared/rules/house';

/** Names for ids a history value holds (the city and feature choices the page already has). */
export interface ValueNames {
  cities: ReadonlyMap<number, string>;
  features: ReadonlyMap<number, string>;
}

const named = <T extends string>(table: Record<T, string>, value: unknown) =>
  typeof value === 'string' && value in table ? table[value as T] : String(value);

function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A history value (JSON text, decision 039) as an operator reads it: codes as their Chinese
 * names, ids as names, flags as 是/否, lists as a short summary; '（空）' for none.
 */
export function readableValue(field: string, json: string, names: ValueNames): string {
  const value = parse(json);
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return text.none;
  switch (field) {
    case 'active':
      return value === true ? text.active : text.withdrawn;
    case 'sellingStatus':
      return named(SELLING_STATUS_TEXT as Record<SellingStatus, string>, value);
    case 'ruleTel':
      return named(text.ruleTel, value);
    case 'protectionMode':
      return named(protectionModeMessages.name, value);
    case 'cityId':
      return names.cities.get(Number(value)) ?? String(value);
    case 'featureIds':
      return Array.isArray(value) ? value.map((id) => names.features.get(Number(id)) ?? String(id)).join('、') : String(value);
    case 'contacts':
      return Array.isArray(value)
        ? value.map((c) => (isObject(c) ? `${named(text.contactKinds, c.kind)} ${String(c.name)} ${String(c.phone)}` : String(c))).join('；')
        : String(value);
    case 'albums':
      return Array.isArray(value) ? text.pictures(value.length) : String(value);
    case 'unitTypes':
      return Array.isArray(value) ? value.map((u) => (isObject(u) ? String(u.typeName) : String(u))).join('、') : String(value);
    case 'commissionPolicies':
      // As the audit log shows a policy (docs/decisions/067): 住宅 · 佣金点位：3% · 奖励：… · 长期有效.
      return Array.isArray(value) ? value.map((p) => (isObject(p) ? commissionPolicySummary(p) : String(p))).join('\n') : String(value);
    default:
      break;
  }
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.join('、') : text.items(value.length);
  if (isObject(value)) return JSON.stringify(value);
  return String(value);
}

export const fieldName = (field: string) => text.fields[field] ?? field;
export const actionName = (action: string) => text.actionLabels[action] ?? action;
