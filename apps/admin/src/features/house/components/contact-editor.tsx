import { ProFormList, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { adminHouseFormMessages as text, adminHouseMessages } from '@baobei/shared/messages/admin';
import type { CreateHouseInput } from '@baobei/shared/schemas/admin-house';
import { CONTACT_PHONE } from '@baobei/shared/rules/console-fields';
import { Col, Row } from 'antd';

export type ContactValue = NonNullable<CreateHouseInput['contacts']>[number];

const KIND_OPTIONS = [
  { value: 'ONSITE', label: text.contactOnsite },
  { value: 'CHANNEL', label: text.contactChannel },
];

/** 联系人: on-site (案场) and channel (渠道) contacts, one row each. */
export function ContactEditor() {
  return (
    <ProFormList
      name="contacts"
      label={text.contacts}
      max={50}
      creatorButtonProps={{ creatorButtonText: text.addContact, position: 'bottom' }}
      creatorRecord={(): ContactValue => ({ kind: 'ONSITE', name: '', phone: '' })}
      copyIconProps={false}
      deleteIconProps={{ tooltipText: text.remove }}
      itemContainerRender={(dom) => <div style={{ width: '100%' }}>{dom}</div>}
      itemRender={({ listDom, action }) => (
        <Row gutter={8} align="top" wrap={false} data-testid="contact-row">
          <Col flex="auto">{listDom}</Col>
          <Col flex="none" style={{ paddingTop: 4 }}>
            {action}
          </Col>
        </Row>
      )}
    >
      <Row gutter={16}>
        <Col span={6}>
          <ProFormSelect name="kind" placeholder={text.contactKind} options={KIND_OPTIONS} allowClear={false} fieldProps={{ 'aria-label': text.contactKind }} />
        </Col>
        <Col span={8}>
          <ProFormText name="name" placeholder={text.contactName} fieldProps={{ maxLength: 20, 'aria-label': text.contactName }} rules={[{ required: true, whitespace: true, message: text.required(text.contactName) }]} />
        </Col>
        <Col span={10}>
          <ProFormText
            name="phone"
            placeholder={text.contactPhone}
            fieldProps={{ 'aria-label': text.contactPhone }}
            rules={[
              { required: true, whitespace: true, message: text.required(text.contactPhone) },
              { pattern: CONTACT_PHONE, message: adminHouseMessages.phoneInvalid(text.contactPhone) },
            ]}
          />
        </Col>
      </Row>
    </ProFormList>
  );
}
