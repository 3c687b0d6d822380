import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { textArea } from '../house-field-inputs';
import { Section } from './section';

/** 激励与佣金说明: the incentive and commission texts the app shows signed-in users. */
export function IncentiveSection() {
  return (
    <Section id="house-incentive">
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <ProFormTextArea name="incentivePolicy" label={text.incentivePolicy} fieldProps={textArea(2000, 2)} />
        </Col>
        <Col xs={24} xl={12}>
          <ProFormText name="incentiveTimeStr" label={text.incentiveTimeStr} fieldProps={{ maxLength: 100 }} />
        </Col>
        <Col span={24}>
          <ProFormTextArea name="incentiveFull" label={text.incentiveFull} fieldProps={textArea(5000, 3)} />
        </Col>
        <Col xs={24} xl={12}>
          <ProFormTextArea name="commissionRule" label={text.commissionRule} fieldProps={textArea(5000, 3)} />
        </Col>
        <Col xs={24} xl={12}>
          <ProFormTextArea name="commissionPolicy" label={text.commissionPolicy} fieldProps={textArea(5000, 3)} />
        </Col>
      </Row>
    </Section>
  );
}
