/**
 * The listing's descriptive fields (issue 29, item 3; docs/decisions/070): one entry each, in the
 * order the console's form and the phone's 基本信息 tab show them. The console's input schema and
 * answer, its form, its history labels, the phone's answer and its rows all come from here, so a
 * new field of these kinds is its entry here, its column in db/schema and its migration.
 *
 * - `decimal` / `count`: a number or none (null), at least 0; a count is whole.
 * - `line`: a short text on one line; `text`: a long text, shown under its label on the phone.
 */
export type HouseFieldSpec =
  | {
      kind: 'decimal' | 'count';
      /** One word for the field everywhere: the console's label and messages, the history, the phone. */
      label: string;
      max: number;
      /** Shown after the value on the phone (part 1, section 9) and in the console's label. */
      unit?: string;
      /** The console's label unit, when it says more than the phone's (物业费 is per month). */
      formUnit?: string;
    }
  | {
      kind: 'line' | 'text';
      label: string;
      /** Characters. */
      max: number;
      placeholder?: string;
      /** A long text's height in the console's form, and whether it takes the whole row. */
      rows?: number;
      wide?: boolean;
      /** Not a row of its own on the phone: another field shows it when that one is empty. */
      hiddenOnPhone?: boolean;
      /** The phone shows this field's value when its own is empty. */
      orElse?: string;
    };

export const HOUSE_FIELDS = {
  plannedArea: { kind: 'decimal', label: '占地面积', max: 100_000_000, unit: '㎡' },
  buildingArea: { kind: 'decimal', label: '建筑面积', max: 100_000_000, unit: '㎡' },
  plannedHousehold: { kind: 'count', label: '规划户数', max: 1_000_000, unit: '户' },
  // A ratio (2.5 = 2.5 times the land area), not a percentage (issue 28, item 9; decision 066).
  plotRatio: { kind: 'decimal', label: '容积率', max: 100 },
  greeningRate: { kind: 'decimal', label: '绿化率', max: 100, unit: '%' },
  propertyFee: { kind: 'decimal', label: '物业费', max: 10_000, unit: '元/㎡', formUnit: '元/㎡·月' },
  propertyCompany: { kind: 'line', label: '物业公司', max: 100 },
  deliverTime: { kind: 'line', label: '交房时间', max: 50, placeholder: '例如 2027年6月' },
  projectIntroduction: { kind: 'text', label: '项目介绍', max: 20_000, rows: 5, wide: true, orElse: 'projectIntro' },
  projectIntro: { kind: 'text', label: '项目简介', max: 500, rows: 2, hiddenOnPhone: true },
  buildingTrait: { kind: 'text', label: '楼盘卖点', max: 500, rows: 2 },
  projectSupporting: { kind: 'text', label: '周边配套', max: 5_000, rows: 3, wide: true },
} as const satisfies Record<string, HouseFieldSpec>;

export type HouseFieldKey = keyof typeof HOUSE_FIELDS;
export const HOUSE_FIELD_KEYS = Object.keys(HOUSE_FIELDS) as HouseFieldKey[];

type KindOf<K extends HouseFieldKey> = (typeof HOUSE_FIELDS)[K]['kind'];
/** The fields kept as numbers (null when none) and as text. */
export type HouseNumberFieldKey = { [K in HouseFieldKey]: KindOf<K> extends 'decimal' | 'count' ? K : never }[HouseFieldKey];
export type HouseTextFieldKey = Exclude<HouseFieldKey, HouseNumberFieldKey>;

/** A field's value as the console edits it and the database keeps it. */
export type HouseFieldValues = { [K in HouseNumberFieldKey]: number | null } & { [K in HouseTextFieldKey]: string };

export const isNumberField = (spec: HouseFieldSpec): spec is Extract<HouseFieldSpec, { kind: 'decimal' | 'count' }> =>
  spec.kind === 'decimal' || spec.kind === 'count';

/** Each field's label, keyed by field: the console's history and messages name fields by these. */
export const HOUSE_FIELD_LABELS = Object.fromEntries(HOUSE_FIELD_KEYS.map((key) => [key, HOUSE_FIELDS[key].label])) as Record<
  HouseFieldKey,
  string
>;

/** The console form's label: the word and the unit, 物业费（元/㎡·月）. */
export function houseFieldFormLabel(spec: HouseFieldSpec): string {
  const unit = isNumberField(spec) ? (spec.formUnit ?? spec.unit) : undefined;
  return unit ? `${spec.label}（${unit}）` : spec.label;
}

/** A new listing's values: no number, no text. */
export function emptyHouseFields(): HouseFieldValues {
  return Object.fromEntries(HOUSE_FIELD_KEYS.map((key) => [key, isNumberField(HOUSE_FIELDS[key]) ? null : ''])) as HouseFieldValues;
}

/** The phone's text of each field (the listing detail answer): a number as written, none as ''. */
export function houseFieldTexts(values: HouseFieldValues): Record<HouseFieldKey, string> {
  return Object.fromEntries(
    HOUSE_FIELD_KEYS.map((key) => {
      const value = values[key];
      return [key, value === null ? '' : String(value)];
    }),
  ) as Record<HouseFieldKey, string>;
}
