import { ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { HOUSE_FIELD_KEYS, HOUSE_FIELDS, houseFieldFormLabel, isNumberField, type HouseFieldSpec } from '@baobei/shared/rules/house-fields';
import { Col, Row } from 'antd';

/** A long text's box: its limit counted, growing with its text. */
export const textArea = (maxLength: number, rows = 3) => ({ maxLength, showCount: true, autoSize: { minRows: rows, maxRows: 12 } });

/**
 * The listing's descriptive fields of the given kinds (rules/house-fields), in the registry's
 * order: a number box with the field's limits, a line, or a long text.
 */
export function HouseFieldInputs({ kinds }: { kinds: readonly HouseFieldSpec['kind'][] }) {
  const keys = HOUSE_FIELD_KEYS.filter((key) => kinds.includes(HOUSE_FIELDS[key].kind));
  return (
    <Row gutter={24}>
      {keys.map((key) => {
        const spec: HouseFieldSpec = HOUSE_FIELDS[key];
        const label = houseFieldFormLabel(spec);
        if (isNumberField(spec)) {
          return (
            <Col key={key} xs={12} xl={6}>
              <ProFormDigit name={key} label={label} min={0} max={spec.max} fieldProps={{ precision: spec.kind === 'count' ? 0 : 2, style: { width: '100%' } }} />
            </Col>
          );
        }
        if (spec.kind === 'line') {
          return (
            <Col key={key} xs={12} xl={6}>
              <ProFormText name={key} label={label} placeholder={spec.placeholder} fieldProps={{ maxLength: spec.max }} />
            </Col>
          );
        }
        return (
          <Col key={key} xs={24} xl={spec.wide ? 24 : 12}>
            <ProFormTextArea name={key} label={label} fieldProps={textArea(spec.max, spec.rows)} />
          </Col>
        );
      })}
    </Row>
  );
}
