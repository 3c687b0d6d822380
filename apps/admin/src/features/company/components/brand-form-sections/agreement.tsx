import { ProFormTextArea } from '@ant-design/pro-components';
import { adminBrandMessages as text } from '@baobei/shared/messages/admin';
import { Card } from 'antd';

/** 用户协议: the agreement the app shows (left empty, the built-in one). */
export function AgreementSection() {
  return (
    <Card title={text.sectionAgreement}>
      <ProFormTextArea
        name="agreement"
        colProps={{ span: 24 }}
        placeholder={text.agreementPlaceholder}
        fieldProps={{ maxLength: 20000, showCount: true, autoSize: { minRows: 4, maxRows: 14 } }}
      />
    </Card>
  );
}
