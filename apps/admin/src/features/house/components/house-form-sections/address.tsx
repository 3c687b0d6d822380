import { ProFormDependency, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { Alert, Col, Row } from 'antd';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import type { useMapConfig } from '../../../../api/map-config';
import { MapPicker } from '../../../../components/map-picker';
import { Section } from './section';

/** 地址与坐标: the address and coordinates, picked on the map when a map key is set. */
export function AddressSection({ mapConfig, onPicked }: { mapConfig: ReturnType<typeof useMapConfig>; onPicked: (point: { lng: number; lat: number }) => void }) {
  return (
    <Section id="house-address">
      {mapConfig.isPending ? null : mapConfig.data?.mapKey ? (
        <Alert
          type="info"
          showIcon
          message={text.mapPickHint}
          style={{ marginBottom: 16 }}
          action={
            <ProFormDependency name={['longitude', 'latitude']}>
              {({ longitude, latitude }: { longitude?: unknown; latitude?: unknown }) => (
                <MapPicker
                  mapKey={mapConfig.data.mapKey}
                  securityCode={mapConfig.data.mapSecurityCode}
                  longitude={longitude}
                  latitude={latitude}
                  onConfirm={onPicked}
                />
              )}
            </ProFormDependency>
          }
        />
      ) : (
        <Alert type="info" showIcon message={text.coordinatesHint} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <ProFormText name="buildingAddress" label={text.buildingAddress} fieldProps={{ maxLength: 200 }} />
        </Col>
        <Col xs={12} xl={6}>
          <ProFormDigit name="longitude" label={text.longitude} min={-180} max={180} fieldProps={{ precision: 6, style: { width: '100%' } }} />
        </Col>
        <Col xs={12} xl={6}>
          <ProFormDigit name="latitude" label={text.latitude} min={-90} max={90} fieldProps={{ precision: 6, style: { width: '100%' } }} />
        </Col>
      </Row>
    </Section>
  );
}
