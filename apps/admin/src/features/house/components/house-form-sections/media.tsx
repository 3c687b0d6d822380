import { adminHouseFormMessages as text, adminHouseMessages } from '@baobei/shared/messages/admin';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import { PICTURE_URL, WEB_LINK } from '@baobei/shared/rules/console-fields';
import { PictureField } from '../../../../components/picture-field';
import { Section } from './section';

/** 主图与视频: the main picture, the video and VR links. */
export function MediaSection() {
  return (
    <Section id="house-media">
      <Row gutter={24}>
        <Col xs={24} xl={10}>
          <ProForm.Item name="buildingDiagram" label={text.buildingDiagram} rules={[{ pattern: PICTURE_URL, message: adminHouseMessages.pictureInvalid(text.buildingDiagram) }]}>
            <PictureField width={112} />
          </ProForm.Item>
        </Col>
        <Col xs={24} xl={14}>
          <ProFormText
            name="buildingVideo"
            label={text.buildingVideo}
            placeholder={text.linkPlaceholder}
            rules={[{ pattern: WEB_LINK, message: adminHouseMessages.linkInvalid(text.videoField) }]}
          />
          <ProFormText name="buildingVr" label={text.buildingVr} placeholder={text.linkPlaceholder} rules={[{ pattern: WEB_LINK, message: adminHouseMessages.linkInvalid(text.vrField) }]} />
        </Col>
      </Row>
    </Section>
  );
}
