import { ProFormTextArea } from '@ant-design/pro-components';
import { adminBrandMessages as text } from '@baobei/shared/messages/admin';
import { Card, Typography } from 'antd';

/**
 * 隐私政策 (issue 33, item 1; docs/decisions/095): the policy the phone's /privacy page shows and
 * the report form's notice links to; left empty, the built-in one with the company's months.
 */
export function PrivacyPolicySection() {
  return (
    <Card
      title={text.sectionPrivacyPolicy}
      extra={
        <Typography.Link href="/privacy" target="_blank" rel="noopener">
          {text.privacyPolicyPreview}
        </Typography.Link>
      }
    >
      <ProFormTextArea
        name="privacyPolicy"
        colProps={{ span: 24 }}
        placeholder={text.privacyPolicyPlaceholder}
        extra={text.privacyPolicyHint}
        fieldProps={{ maxLength: 20000, showCount: true, autoSize: { minRows: 4, maxRows: 14 }, 'aria-label': text.sectionPrivacyPolicy }}
      />
    </Card>
  );
}
