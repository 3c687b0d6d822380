import { ProForm, ProFormDigit, ProFormList, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import type { CreateHouseInput } from '@baobei/shared/schemas/admin-house';
import { Card, Col, Row } from 'antd';
import { SortablePictures } from './album-sortable-pictures';
import { PictureField } from '../../../components/picture-field';

export type UnitTypeValue = NonNullable<CreateHouseInput['unitTypes']>[number];

export const NEW_UNIT_TYPE: UnitTypeValue = {
  typeName: '',
  typeThumb: '',
  typeDescription: '',
  typeTheme: '',
  discountPolicy: '',
  floorArea: null,
  pictures: [],
};

/** 户型: each unit type with its name, label, area, cover, plan pictures (ordered by drag), description and discount policy. */
export function UnitTypeEditor() {
  return (
    <ProFormList
      name="unitTypes"
      max={50}
      creatorButtonProps={{ creatorButtonText: text.addUnitType, position: 'bottom' }}
      creatorRecord={() => ({ ...NEW_UNIT_TYPE, pictures: [] })}
      copyIconProps={false}
      deleteIconProps={{ tooltipText: text.remove }}
      itemRender={({ listDom, action }, { index }) => (
        <Card size="small" title={text.unitType(index + 1)} extra={action} style={{ marginBottom: 12 }} data-testid="unit-type-card">
          {listDom}
        </Card>
      )}
    >
      <Row gutter={16}>
        <Col xs={24} xl={8}>
          <ProFormText
            name="typeName"
            label={text.typeName}
            placeholder={text.typeNamePlaceholder}
            fieldProps={{ maxLength: 40 }}
            rules={[{ required: true, whitespace: true, message: text.required(text.typeName) }]}
          />
        </Col>
        <Col xs={12} xl={8}>
          <ProFormText name="typeTheme" label={text.typeTheme} fieldProps={{ maxLength: 100 }} />
        </Col>
        <Col xs={12} xl={8}>
          <ProFormDigit name="floorArea" label={text.floorArea} min={0} max={100_000} fieldProps={{ precision: 2, style: { width: '100%' } }} />
        </Col>
        <Col xs={24} xl={8}>
          <ProForm.Item name="typeThumb" label={text.typeThumb}>
            <PictureField width={88} />
          </ProForm.Item>
        </Col>
        <Col xs={24} xl={16}>
          <ProForm.Item name="pictures" label={text.typePictures}>
            <SortablePictures<UnitTypeValue['pictures'][number]> label={text.typePictures} max={30} makeItem={(picUrl) => ({ picUrl, description: '' })} />
          </ProForm.Item>
        </Col>
        <Col xs={24} xl={12}>
          <ProFormTextArea name="typeDescription" label={text.typeDescription} fieldProps={{ maxLength: 2000, showCount: true, autoSize: { minRows: 2, maxRows: 6 } }} />
        </Col>
        <Col xs={24} xl={12}>
          <ProFormTextArea name="discountPolicy" label={text.discountPolicy} fieldProps={{ maxLength: 2000, showCount: true, autoSize: { minRows: 2, maxRows: 6 } }} />
        </Col>
      </Row>
    </ProFormList>
  );
}
