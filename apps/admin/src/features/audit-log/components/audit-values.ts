import { adminAuditLogMessages as text, adminHouseListMessages } from '@baobei/shared/messages/admin';
import { RECORD_STATUS_TEXT, type RecordStatus } from '@baobei/shared/rules/record-status';
import { ROLE_LABELS, type Role } from '@baobei/shared/rules/roles';

/** A detail key by its Chinese name: a listing's own fields first on a listing's row, then the viewer's table, else as written. */
export function auditFieldName(field: string, entity = ''): string {
  const house = adminHouseListMessages.fields[field];
  if (entity === 'house' && house) return house;
  return text.fields[field] ?? house ?? field;
}

export function roleName(role: string): string {
  return role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role;
}

/** A value the answer holds as JSON text, as an operator reads it: none （空）, flags 是/否, codes by name, lists joined. */
export function auditValue(field: string, json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  return readable(field, value);
}

function readable(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return text.none;
  if (value === '******') return text.hidden;
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'string') {
    if (field === 'status' && value in RECORD_STATUS_TEXT) return RECORD_STATUS_TEXT[value as RecordStatus];
    if (field === 'role' || field === 'actorRole') return roleName(value);
    if (field === 'ruleTel') return adminHouseListMessages.ruleTel[value] ?? value;
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return text.none;
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => (field === 'fields' ? auditFieldName(String(v), 'user') : String(v))).join('、');
    return `${text.items(value.length)}：${JSON.stringify(value)}`;
  }
  return JSON.stringify(value);
}
