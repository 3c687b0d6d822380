import { messages } from '@baobei/shared/messages';
import { formatProtectPeriod } from '@baobei/shared/rules/house-format';
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

/** Part 1, section 2: the basic info tab, every field with its unit. */
export function basicInfoRows(house: HouseDetail): InfoRow[] {
  return [
    { key: 'buildingAddress', label: detailText.address, value: withUnit(house.buildingAddress) },
    { key: 'plannedArea', label: detailText.plannedArea, value: withUnit(house.plannedArea, '㎡') },
    { key: 'buildingArea', label: detailText.buildingArea, value: withUnit(house.buildingArea, '㎡') },
    { key: 'plannedHousehold', label: detailText.plannedHousehold, value: withUnit(house.plannedHousehold, '户') },
    // A plot ratio is a ratio (2.5 = 2.5 times the land area), not a percentage (issue 28, item 9; decision 066).
    { key: 'plotRatio', label: detailText.plotRatio, value: withUnit(house.plotRatio) },
    { key: 'greeningRate', label: detailText.greeningRate, value: withUnit(house.greeningRate, '%') },
    { key: 'propertyFee', label: detailText.propertyFee, value: withUnit(house.propertyFee, '元/㎡') },
    { key: 'propertyCompany', label: detailText.propertyCompany, value: withUnit(house.propertyCompany) },
    { key: 'deliverTime', label: detailText.deliverTime, value: withUnit(house.deliverTime) },
    {
      key: 'projectIntroduction',
      label: detailText.projectIntroduction,
      value: withUnit(house.projectIntroduction || house.projectIntro),
      block: true,
    },
    { key: 'buildingTrait', label: detailText.buildingTrait, value: withUnit(house.buildingTrait), block: true },
    { key: 'projectSupporting', label: detailText.projectSupporting, value: withUnit(house.projectSupporting), block: true },
  ];
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
