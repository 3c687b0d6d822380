import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { HOUSE_PICTURE_TYPES } from '@baobei/shared/schemas/admin-house';
import type { CreateHouseInput } from '@baobei/shared/schemas/admin-house';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { SortablePictures } from './album-sortable-pictures';

export type AlbumPicture = NonNullable<CreateHouseInput['albums']>[number];
type PictureType = AlbumPicture['picType'];

const TYPE_OPTIONS = HOUSE_PICTURE_TYPES.map((value) => ({ value, label: text.pictureTypes[value] }));

/**
 * 楼盘相册: pictures uploaded several at once, each with its album type, album name and caption,
 * in the order dragged. New uploads take the type chosen beside the button.
 */
export function AlbumEditor({ id, value, onChange }: { id?: string; value?: AlbumPicture[]; onChange?: (value: AlbumPicture[]) => void }) {
  const [type, setType] = useState<PictureType>('EFFECT');
  return (
    <div>
      <Select<PictureType> value={type} onChange={setType} options={TYPE_OPTIONS} style={{ width: 160, marginBottom: 8 }} aria-label={text.albumType} />
      <SortablePictures<AlbumPicture>
        id={id}
        label={text.sectionAlbum}
        value={value}
        onChange={onChange}
        max={300}
        makeItem={(picUrl) => ({ picType: type, albumName: text.pictureTypes[type], picUrl, description: '' })}
        renderExtra={(item, update) => (
          <>
            <Select<PictureType>
              value={item.picType}
              options={TYPE_OPTIONS}
              style={{ width: 120 }}
              aria-label={text.albumType}
              // The name follows the type while it is still the type's own name.
              onChange={(picType) => update(item.albumName === text.pictureTypes[item.picType] ? { picType, albumName: text.pictureTypes[picType] } : { picType })}
            />
            <Input
              value={item.albumName}
              maxLength={20}
              style={{ width: 140 }}
              placeholder={text.albumName}
              aria-label={text.albumName}
              status={item.albumName.trim() === '' ? 'error' : undefined}
              onChange={(e) => update({ albumName: e.target.value })}
            />
          </>
        )}
      />
    </div>
  );
}

/** The album rows the schema refuses (a name left empty), for the form's rule. */
export function albumProblem(list: readonly AlbumPicture[] | undefined): string | null {
  return list?.some((p) => p.albumName.trim() === '') ? text.required(text.albumName) : null;
}
