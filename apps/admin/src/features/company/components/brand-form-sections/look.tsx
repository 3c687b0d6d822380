import { ProForm } from '@ant-design/pro-components';
import { adminBrandMessages as text, adminCompanyMessages } from '@baobei/shared/messages/admin';
import { HEX_COLOUR, PICTURE_URL } from '@baobei/shared/rules/console-fields';
import { Card, Col, ColorPicker, Form } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { PictureField } from '../../../../components/picture-field';

const colourRules = (field: string) => [
  { required: true, message: adminCompanyMessages.colorInvalid(field) },
  { pattern: HEX_COLOUR, message: adminCompanyMessages.colorInvalid(field) },
];

/** antd's ColorPicker in a form: the value is `#rrggbb`, without alpha. */
function ColourField({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return <ColorPicker value={value} disabledAlpha showText format="hex" onChange={(colour: Color) => onChange?.(colour.toHexString())} />;
}

/** The header gradient of the mobile app, as the two colours make it. */
function GradientPreview() {
  const color = Form.useWatch<string | undefined>('color');
  const gradient = Form.useWatch<string | undefined>('gradientColor');
  const title = Form.useWatch<string | undefined>('title');
  return (
    <div
      style={{
        height: 56,
        borderRadius: 8,
        display: 'flex',
        alignItems: 'center',
        padding: '0 16px',
        color: '#fff',
        fontSize: 16,
        fontWeight: 600,
        background: `linear-gradient(90deg, ${color ?? '#1677ff'}, ${gradient ?? color ?? '#1677ff'})`,
      }}
    >
      {title}
    </div>
  );
}

/** 品牌外观: the two colours with their preview, the logos and the favicon. */
export function LookSection() {
  return (
    <Card title={text.sectionLook}>
      <ProForm.Group>
        {/* ProForm.Item is not a grid field: each sits in its own column. */}
        <Col span={6}>
          <ProForm.Item name="color" label={text.color} rules={colourRules(text.color)}>
            <ColourField />
          </ProForm.Item>
        </Col>
        <Col span={6}>
          <ProForm.Item name="gradientColor" label={text.gradientColor} rules={colourRules(text.gradientColor)}>
            <ColourField />
          </ProForm.Item>
        </Col>
        <Col span={12}>
          <ProForm.Item label={text.gradientPreview}>
            <GradientPreview />
          </ProForm.Item>
        </Col>
        {(
          [
            ['logo', text.logo],
            ['subLogo', text.subLogo],
            ['favicon', text.favicon],
          ] as const
        ).map(([name, label]) => (
          <Col span={8} key={name}>
            <ProForm.Item name={name} label={label} rules={[{ pattern: PICTURE_URL, message: adminCompanyMessages.pictureInvalid(label) }]}>
              <PictureField width={96} height={48} fit="contain" aria-label={label} />
            </ProForm.Item>
          </Col>
        ))}
      </ProForm.Group>
    </Card>
  );
}
