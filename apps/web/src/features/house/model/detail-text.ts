import { messages } from '@baobei/shared/messages';
import { formatProtectPeriod } from '@baobei/shared/rules/house-format';
import { HOUSE_FIELD_KEYS, HOUSE_FIELDS, isNumberField, type HouseFieldKey, type HouseFieldSpec } from '@baobei/shared/rules/house-fields';
import type { HouseDetail } from '@baobei/shared/schemas/house';

const detailText = messages.houseDetail;

export interface InfoRow {
  key: string;
  label: string;
  value: string;
  /** Long text (introduction, traits, supporting): shown under its label. */
  block?: boolean;
}

/** A value with its unit (part 1, section 9), or 暂无; a value that already carries the unit stays as is. */
export function withUnit(value: string | null | undefined, unit = ''): string {
  const text = (value ?? '').trim();
  if (!text) return detailText.none;
  return unit && !text.endsWith(unit) ? `${text}${unit}` : text;
}

/**
 * Part 1, section 2: the basic info tab: the address, then each descriptive field of the listing
 * (rules/house-fields) with its unit; a long text under its label.
 */
export function basicInfoRows(house: HouseDetail): InfoRow[] {
  const rows: InfoRow[] = [{ key: 'buildingAddress', label: detailText.address, value: withUnit(house.buildingAddress) }];
  for (const key of HOUSE_FIELD_KEYS) {
    const spec: HouseFieldSpec = HOUSE_FIELDS[key];
    if (isNumberField(spec)) {
      rows.push({ key, label: spec.label, value: withUnit(house[key], spec.unit) });
    } else if (!spec.hiddenOnPhone) {
      const value = house[key] || (spec.orElse ? house[spec.orElse as HouseFieldKey] : '');
      rows.push({ key, label: spec.label, value: withUnit(value), ...(spec.kind === 'text' ? { block: true } : {}) });
    }
  }
  return rows;
}

/** '报备需提前X': the server's text, prefixed unless it already reads so. */
export function leadTimeText(reportLeadTimeStr: string): string {
  if (!reportLeadTimeStr) return '';
  return reportLeadTimeStr.startsWith(detailText.leadTimePrefix) ? reportLeadTimeStr : `${detailText.leadTimePrefix}${reportLeadTimeStr}`;
}

/** A protection period (signed in only): the server's days text, else formatted from hours. */
export function protectText(days: string | undefined, hours: number | undefined): string | null {
  if (days) return days;
  if (typeof hours === 'number' && hours > 0) return formatProtectPeriod(hours);
  return null;
}

/** The dates of a commission policy: '长期有效' when long term. */
export function policyDateText(policy: { policyStartDate: string; policyEndDate: string; longTerm: boolean }): string {
  if (policy.longTerm) return detailText.longTerm;
  const range = [policy.policyStartDate, policy.policyEndDate].filter(Boolean);
  return range.length ? range.join(' 至 ') : detailText.longTerm;
}

export interface ReportHint {
  key: string;
  title?: string;
  text: string;
}

/**
 * Part 1, section 2: the hints shown before reporting, in the spec's order: full-name rule,
 * surname-only rule, ID documents, the special hint (title and text).
 */
export function reportHints(
  house: Pick<HouseDetail, 'isFullName' | 'isNotFullName' | 'isNeedIdCard' | 'isAlert' | 'specialHintTitle' | 'specialTip'>,
): ReportHint[] {
  const hints: ReportHint[] = [];
  if (house.isFullName) hints.push({ key: 'fullName', text: detailText.hintFullName });
  if (house.isNotFullName) hints.push({ key: 'surnameOnly', text: detailText.hintSurnameOnly });
  if (house.isNeedIdCard) hints.push({ key: 'idCard', text: detailText.hintIdCard });
  if (house.isAlert && (house.specialHintTitle || house.specialTip)) {
    hints.push({ key: 'special', title: house.specialHintTitle || undefined, text: house.specialTip });
  }
  return hints;
}

export interface ContactRow {
  key: string;
  name: string;
  phone: string;
  label: string;
}

/** The consult list: on-site contacts, channel contacts ('(渠道对接人)'), and the on-site phone when not already listed. */
export function contactRows(house: Pick<HouseDetail, 'contacts' | 'onSiteTel'>): ContactRow[] {
  const rows: ContactRow[] = house.contacts
    .filter((c) => c.phone)
    .map((c, i) => ({ key: `c${i}`, name: c.name, phone: c.phone, label: c.label }));
  // On-site staff before channel contacts, each group in the server's order.
  rows.sort((a, b) => Number(Boolean(a.label)) - Number(Boolean(b.label)));
  if (house.onSiteTel && !rows.some((r) => r.phone === house.onSiteTel)) {
    rows.unshift({ key: 'onSite', name: detailText.onSiteTel, phone: house.onSiteTel, label: '' });
  }
  return rows;
}
