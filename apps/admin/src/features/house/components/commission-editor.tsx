import { ProForm, ProFormDependency, ProFormList, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { BUILDING_PROPERTIES } from '@baobei/shared/rules/house';
import { formatCommission } from '@baobei/shared/rules/house-format';
import type { CreateHouseInput } from '@baobei/shared/schemas/admin-house';
import { Card, Col, DatePicker, Row } from 'antd';
import dayjs from 'dayjs';

export type CommissionValue = NonNullable<CreateHouseInput['commissionPolicies']>[number];

export const NEW_COMMISSION: CommissionValue = {
  buildingProperty: 'RESIDENCE',
  policyStartDate: null,
  policyEndDate: null,
  longTerm: true,
  secondaryPoint: '',
  secondaryAward: '',
  secondaryRemark: '',
};

const PROPERTY_OPTIONS = Object.entries(BUILDING_PROPERTIES).map(([value, label]) => ({ value, label }));

/** A calendar day as the schema takes it: 'YYYY-MM-DD' or null. */
function DayField({ id, value, onChange, disabled }: { id?: string; value?: string | null; onChange?: (value: string | null) => void; disabled?: boolean }) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      disabled={disabled}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      format="YYYY-MM-DD"
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
    />
  );
}

/** 佣金政策: one per property type, with its incentive period (start and end, or 长期有效) and its terms. */
export function CommissionEditor() {
  return (
    <ProFormList
      name="commissionPolicies"
      max={50}
      creatorButtonProps={{ creatorButtonText: text.addCommission, position: 'bottom' }}
      creatorRecord={() => ({ ...NEW_COMMISSION })}
      copyIconProps={false}
      deleteIconProps={{ tooltipText: text.remove }}
      itemRender={({ listDom, action }, { index }) => (
        <Card size="small" title={text.commission(index + 1)} extra={action} style={{ marginBottom: 12 }} data-testid="commission-card">
          {listDom}
        </Card>
      )}
    >
      {(_meta, index) => (
        <Row gutter={16}>
          <Col xs={12} xl={6}>
            <ProFormSelect name="buildingProperty" label={text.buildingProperty} options={PROPERTY_OPTIONS} allowClear={false} rules={[{ required: true, message: text.choose(text.buildingProperty) }]} />
          </Col>
          <Col xs={12} xl={4}>
            <ProFormSwitch name="longTerm" label={text.longTerm} />
          </Col>
          <ProFormDependency name={['longTerm']}>
            {({ longTerm }: { longTerm?: boolean }) => (
              <>
                <Col xs={12} xl={7}>
                  <ProForm.Item name="policyStartDate" label={text.policyStartDate}>
                    <DayField disabled={Boolean(longTerm)} />
                  </ProForm.Item>
                </Col>
                <Col xs={12} xl={7}>
                  <ProForm.Item
                    name="policyEndDate"
                    label={text.policyEndDate}
                    dependencies={[['commissionPolicies', index, 'policyStartDate']]}
                    rules={[
                      ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
                        validator: async (_rule: unknown, end: string | null | undefined) => {
                          const start = getFieldValue(['commissionPolicies', index, 'policyStartDate']) as string | null | undefined;
                          if (start && end && end < start) throw new Error(text.policyEndBeforeStart);
                        },
                      }),
                    ]}
                  >
                    <DayField disabled={Boolean(longTerm)} />
                  </ProForm.Item>
                </Col>
              </>
            )}
          </ProFormDependency>
          <Col xs={12} xl={8}>
            {/* How the phone's card and detail will read it (decision 090: one formatter). */}
            <ProFormDependency name={['secondaryPoint']}>
              {({ secondaryPoint }: { secondaryPoint?: string }) => (
                <ProFormText
                  name="secondaryPoint"
                  label={text.secondaryPoint}
                  fieldProps={{ maxLength: 200 }}
                  extra={secondaryPoint?.trim() ? text.pointShownAs(formatCommission(secondaryPoint)) : undefined}
                />
              )}
            </ProFormDependency>
          </Col>
          <Col xs={12} xl={16}>
            <ProFormText name="secondaryAward" label={text.secondaryAward} fieldProps={{ maxLength: 500 }} />
          </Col>
          <Col span={24}>
            <ProFormTextArea name="secondaryRemark" label={text.secondaryRemark} fieldProps={{ maxLength: 2000, autoSize: { minRows: 2, maxRows: 5 } }} />
          </Col>
        </Row>
      )}
    </ProFormList>
  );
}
