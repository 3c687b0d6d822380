import { adminHomeContentMessages as text } from '@baobei/shared/messages/admin';
import { Tag, Tooltip } from 'antd';

/** A row's city: its name, or 全部城市 for a row every city shows. */
export function CityTag({ cityId, cityName }: { cityId: number | null; cityName: string }) {
  return cityId === null ? (
    <Tooltip title={text.cityAllHint}>
      <Tag color="blue">{text.cityAll}</Tag>
    </Tooltip>
  ) : (
    <Tag>{cityName}</Tag>
  );
}
