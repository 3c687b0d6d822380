import { adminAuditLogMessages as text, adminHouseListMessages } from '@baobei/shared/messages/admin';
import { messageMessages } from '@baobei/shared/messages/message';
import { DATE_PRESETS } from '@baobei/shared/rules/date-presets';
import type { MessageKind } from '@baobei/shared/rules/message';
import { SELLING_STATUS_TEXT } from '@baobei/shared/rules/house';
import { RECORD_STATUS_TEXT, type RecordStatus } from '@baobei/shared/rules/record-status';
import dayjs from 'dayjs';
import { ROLE_LABELS, type Role } from '@baobei/shared/rules/roles';

/** A detail key by its Chinese name: a listing's own fields first on a listing's row, then the viewer's table, else as written. */
export function auditFieldName(field: string, entity = ''): string {
  const house = adminHouseListMessages.fields[field];
  if (entity === 'house' && house) return house;
  if (entity === 'distributor' && text.distributorFields[field]) return text.distributorFields[field];
  return text.fields[field] ?? house ?? field;
}

export function roleName(role: string): string {
  return role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role;
}

/** A value the answer holds as JSON text, as an operator reads it: none （空）, flags 是/否, codes by name, lists joined. */
export function auditValue(field: string, json: string, entity = ''): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  return readable(field, value, entity);
}

/** A time the server wrote (ISO, UTC), in the browser's time as the rest of the console shows times. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

function readable(field: string, value: unknown, entity = ''): string {
  if (value === null || value === undefined || value === '') return text.none;
  if (value === '******') return text.hidden;
  if (typeof value === 'boolean') {
    if (entity === 'house' && field === 'active') return value ? adminHouseListMessages.active : adminHouseListMessages.withdrawn;
    return value ? text.yes : text.no;
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return dayjs(value).format('YYYY-MM-DD HH:mm:ss');
    if (field === 'status' && entity === 'distributor_registration' && text.registrationStatus[value]) return text.registrationStatus[value];
    if (field === 'status' && value in RECORD_STATUS_TEXT) return RECORD_STATUS_TEXT[value as RecordStatus];
    if (field === 'sellingStatus' && value in SELLING_STATUS_TEXT) return SELLING_STATUS_TEXT[value as keyof typeof SELLING_STATUS_TEXT];
    if (field === 'role' || field === 'actorRole') return roleName(value);
    if (field === 'ruleTel') return adminHouseListMessages.ruleTel[value] ?? value;
    return value;
  }
  if (typeof value === 'number') {
    // An export's time filter by its preset's name (99 is 自选, told by its dates).
    if (field === 'datePreset' || field === 'dateType') return DATE_PRESETS.find((p) => p.value === value)?.text ?? (value === 99 ? text.customRange : String(value));
    return String(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return text.none;
    // Notification kinds (decision 054) by their names.
    if (field === 'smsNotifyKinds' || field === 'disabledKinds') return value.map((v) => messageMessages.kind[v as MessageKind] ?? String(v)).join('、');
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => (field === 'fields' ? auditFieldName(String(v), 'user') : String(v))).join('、');
    return `${text.items(value.length)}：${JSON.stringify(value)}`;
  }
  // An object of plain values (an export's filter): each set key by its name and value, not JSON.
  if (typeof value === 'object' && Object.values(value).every((v) => typeof v !== 'object' || v === null)) {
    const set = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '');
    if (set.length === 0) return text.none;
    return set.map(([k, v]) => `${auditFieldName(k, entity)}：${readable(k, v, entity)}`).join('；');
  }
  return JSON.stringify(value);
}
