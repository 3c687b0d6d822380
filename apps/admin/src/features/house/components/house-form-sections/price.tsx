import { ProFormDependency, ProFormDigit } from '@ant-design/pro-components';
import { Col, Form, Row, Typography } from 'antd';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { formatShowPrice } from '@baobei/shared/rules/house-format';
import { Section } from './section';

/** 价格: total and average price, with the price as the app will show it. */
export function PriceSection() {
  return (
    <Section id="house-price">
      <Row gutter={24} align="bottom">
        <Col xs={12} xl={8}>
          <ProFormDigit name="packagePrice" label={text.packagePrice} min={0} max={1_000_000} fieldProps={{ precision: 2, style: { width: '100%' } }} />
        </Col>
        <Col xs={12} xl={8}>
          <ProFormDigit name="averagePrice" label={text.averagePrice} min={0} max={10_000_000} fieldProps={{ precision: 2, style: { width: '100%' } }} />
        </Col>
        <Col xs={24} xl={8}>
          <ProFormDependency name={['packagePrice', 'averagePrice']}>
            {({ packagePrice, averagePrice }: { packagePrice?: number | null; averagePrice?: number | null }) => {
              const shown = formatShowPrice(packagePrice, averagePrice);
              return (
                <Form.Item label={text.pricePreview}>
                  <Typography.Text strong style={{ fontSize: 18, color: '#f5222d' }} data-testid="price-preview">
                    {shown.price}
                    {shown.unit}
                  </Typography.Text>
                </Form.Item>
              );
            }}
          </ProFormDependency>
        </Col>
      </Row>
      <Typography.Text type="secondary">{text.priceRule}</Typography.Text>
    </Section>
  );
}
