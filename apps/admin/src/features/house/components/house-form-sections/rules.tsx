import { adminHouseFormMessages as text, adminHouseMessages } from '@baobei/shared/messages/admin';
import { ProFormDigit, ProFormRadio, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { textArea } from '../house-field-inputs';
import { Section } from './section';

/** 报备规则: protection periods, lead time, phone rule, protection mode and the report hints. On an edit the defaulted rules are required (a create leaves them to the company's defaults). */
export function RulesSection({ editing }: { editing: boolean }) {
  const defaultedRule = (message: string) => (editing ? [{ required: true, message }] : []);
  return (
    <Section id="house-rules">
      <Row gutter={24}>
        <Col xs={8} xl={6}>
          <ProFormDigit
            name="reportProtectHours"
            label={text.reportProtectHours}
            placeholder={text.companyDefault}
            min={1}
            max={8760}
            rules={defaultedRule(adminHouseMessages.protectHoursInvalid)}
            fieldProps={{ precision: 0, style: { width: '100%' } }}
          />
        </Col>
        <Col xs={8} xl={6}>
          <ProFormDigit
            name="takeLookProtectHours"
            label={text.takeLookProtectHours}
            placeholder={text.builtInDefault}
            min={1}
            max={87600}
            rules={defaultedRule(adminHouseMessages.takeLookHoursInvalid)}
            fieldProps={{ precision: 0, style: { width: '100%' } }}
          />
        </Col>
        <Col xs={8} xl={6}>
          <ProFormDigit
            name="reportLeadTime"
            label={text.reportLeadTime}
            placeholder={text.companyDefault}
            min={0}
            max={1440}
            rules={defaultedRule(adminHouseMessages.leadTimeInvalid)}
            fieldProps={{ precision: 0, style: { width: '100%' } }}
          />
        </Col>
        <Col xs={24} xl={6}>
          <ProFormRadio.Group
            name="ruleTel"
            label={text.ruleTel}
            radioType="button"
            options={[
              { value: 'FULL', label: text.ruleTelFull },
              { value: 'MASKED', label: text.ruleTelMasked },
            ]}
          />
        </Col>
        <Col span={24}>
          {/* 报备为王 / 到访为王 (docs/decisions/053). */}
          <ProFormRadio.Group
            name="protectionMode"
            label={protectionModeMessages.fieldLabel}
            radioType="button"
            extra={protectionModeMessages.fieldHelp}
            options={[
              { value: 'REPORT_FIRST', label: protectionModeMessages.name.REPORT_FIRST },
              { value: 'VISIT_FIRST', label: protectionModeMessages.name.VISIT_FIRST },
            ]}
          />
        </Col>
        <Col xs={6} xl={6}>
          <ProFormSwitch name="isNeedIdCard" label={text.isNeedIdCard} />
        </Col>
        <Col xs={6} xl={6}>
          <ProFormSwitch name="isFullName" label={text.isFullName} />
        </Col>
        <Col xs={6} xl={6}>
          <ProFormSwitch name="isNotFullName" label={text.isNotFullName} />
        </Col>
        <Col xs={6} xl={6}>
          <ProFormSwitch name="isAlert" label={text.isAlert} />
        </Col>
        <Col span={24}>
          <ProFormTextArea name="houseRecordTips" label={text.houseRecordTips} fieldProps={textArea(2000, 2)} />
        </Col>
        <Col xs={24} xl={8}>
          <ProFormText name="specialHintTitle" label={text.specialHintTitle} fieldProps={{ maxLength: 50 }} />
        </Col>
        <Col xs={24} xl={16}>
          <ProFormTextArea name="specialTip" label={text.specialTip} fieldProps={textArea(2000, 2)} />
        </Col>
      </Row>
    </Section>
  );
}
