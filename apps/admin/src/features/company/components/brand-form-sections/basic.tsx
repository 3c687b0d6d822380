import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { adminBrandMessages as text, adminCompanyMessages } from '@baobei/shared/messages/admin';
import { CONTACT_PHONE } from '@baobei/shared/rules/console-fields';
import { Card } from 'antd';

/** 基本信息: the company's name, service phone and description. */
export function BasicSection() {
  return (
    <Card title={text.sectionBasic}>
      <ProForm.Group>
        <ProFormText
          name="title"
          label={text.title}
          colProps={{ span: 12 }}
          fieldProps={{ maxLength: 40, showCount: true }}
          rules={[
            { required: true, whitespace: true, message: adminCompanyMessages.titleRequired },
            { max: 40, message: adminCompanyMessages.titleTooLong },
          ]}
        />
        <ProFormText
          name="kefPhone"
          label={text.kefPhone}
          colProps={{ span: 12 }}
          rules={[{ pattern: CONTACT_PHONE, message: adminCompanyMessages.kefPhoneInvalid }]}
        />
        <ProFormTextArea
          name="description"
          label={text.description}
          colProps={{ span: 24 }}
          fieldProps={{ maxLength: 2000, showCount: true, autoSize: { minRows: 3, maxRows: 8 } }}
        />
      </ProForm.Group>
    </Card>
  );
}
