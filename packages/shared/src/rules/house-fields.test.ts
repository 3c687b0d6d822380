import { describe, expect, it } from 'vitest';
import { adminHouseSchema, createHouseSchema } from '../schemas/admin-house';
import { houseDetailSchema } from '../schemas/house';
import { emptyHouseFields, HOUSE_FIELD_KEYS, HOUSE_FIELDS, houseFieldFormLabel, houseFieldTexts, isNumberField, type HouseFieldSpec } from './house-fields';

const spec = (key: string): HouseFieldSpec => HOUSE_FIELDS[key as keyof typeof HOUSE_FIELDS];
const refusal = (body: Record<string, unknown>) => {
  const parsed = createHouseSchema.safeParse({ name: '椰林湾', cityId: 3, ...body });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('the listing-field registry', () => {
  it('names each field with its own word, and a fallback names a field the phone does not show', () => {
    const labels = HOUSE_FIELD_KEYS.map((key) => spec(key).label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const key of HOUSE_FIELD_KEYS) {
      const field = spec(key);
      if (isNumberField(field) || !field.orElse) continue;
      expect(HOUSE_FIELD_KEYS).toContain(field.orElse);
      expect(spec(field.orElse)).toMatchObject({ hiddenOnPhone: true });
    }
  });

  it('gives the console input, the console answer and the phone answer every field', () => {
    for (const key of HOUSE_FIELD_KEYS) {
      expect(Object.keys(createHouseSchema.shape)).toContain(key);
      expect(Object.keys(adminHouseSchema.shape)).toContain(key);
      expect(Object.keys(houseDetailSchema.shape)).toContain(key);
    }
  });

  it('checks each field by its kind and limits, naming it by its label', () => {
    for (const key of HOUSE_FIELD_KEYS) {
      const field = spec(key);
      if (isNumberField(field)) {
        expect(refusal({ [key]: field.max + 1 })).toBe(`${field.label}超出范围`);
        expect(refusal({ [key]: -1 })).toBe(`${field.label}超出范围`);
        expect(refusal({ [key]: field.max })).toBeNull();
        expect(createHouseSchema.parse({ name: '椰林湾', cityId: 3, [key]: '' })[key]).toBeNull();
      } else {
        expect(refusal({ [key]: '字'.repeat(field.max + 1) })).toContain(field.label);
        expect(refusal({ [key]: '字'.repeat(field.max) })).toBeNull();
      }
    }
    expect(refusal({ plannedHousehold: 1.5 })).toBe('规划户数格式不正确');
    expect(refusal({ plotRatio: 2.55 })).toBeNull();
  });

  it('starts a listing empty and writes the phone its numbers as text', () => {
    const empty = emptyHouseFields();
    expect(empty.plotRatio).toBeNull();
    expect(empty.deliverTime).toBe('');
    expect(houseFieldTexts({ ...empty, plotRatio: 2.5, plannedHousehold: 860, deliverTime: '2027年6月' })).toMatchObject({
      plotRatio: '2.5',
      plannedHousehold: '860',
      plannedArea: '',
      deliverTime: '2027年6月',
    });
  });

  it('labels a console field with its unit, the form unit first', () => {
    expect(houseFieldFormLabel(HOUSE_FIELDS.propertyFee)).toBe('物业费（元/㎡·月）');
    expect(houseFieldFormLabel(HOUSE_FIELDS.greeningRate)).toBe('绿化率（%）');
    expect(houseFieldFormLabel(HOUSE_FIELDS.plotRatio)).toBe('容积率');
    expect(houseFieldFormLabel(HOUSE_FIELDS.deliverTime)).toBe('交房时间');
  });
});
