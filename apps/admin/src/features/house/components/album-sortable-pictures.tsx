import { DeleteOutlined, HolderOutlined, UploadOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { App, Button, Empty, Flex, Image, Input, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IMAGE_ACCEPT } from '@baobei/shared/rules/image-file';
import { uploadPicture } from '../../../lib/upload-picture';

export interface PictureItem {
  picUrl: string;
  description: string;
}

export interface SortablePicturesProps<T extends PictureItem> {
  id?: string;
  value?: T[];
  onChange?: (value: T[]) => void;
  /** A new row for an uploaded picture. */
  makeItem: (url: string) => T;
  /** Fields of a row beside its caption (the album's type and name). */
  renderExtra?: (item: T, update: (patch: Partial<T>) => void) => ReactNode;
  max: number;
  /** Names the list for tests and screen readers. */
  label: string;
}

let nextId = 0;
const newId = () => `pic-${++nextId}`;

function Row({ rowId, children }: { rowId: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: rowId });
  const handle = (
    <Button ref={setActivatorNodeRef} type="text" icon={<HolderOutlined />} aria-label={text.dragHandle} style={{ cursor: 'grab' }} {...attributes} {...listeners} />
  );
  return (
    <div
      ref={setNodeRef}
      data-testid="sortable-picture"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        background: '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 8,
        padding: 8,
        boxShadow: isDragging ? '0 6px 16px rgba(0,0,0,.12)' : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}

/**
 * A list of pictures: multi-upload (antd Upload, `multiple`), each row with a caption and the
 * caller's fields, ordered by drag (@dnd-kit/sortable; the keyboard moves a row too: Space on
 * its handle, then the arrow keys). The list's order is what is saved.
 */
export function SortablePictures<T extends PictureItem>({ id, value, onChange, makeItem, renderExtra, max, label }: SortablePicturesProps<T>) {
  const { message } = App.useApp();
  const items = useMemo(() => value ?? [], [value]);
  const [pending, setPending] = useState(0);
  // Uploads finish one by one: each adds to the newest list, not to the one of its start.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  // Each row's key for the drag; a list replaced from outside (reset, reload) gets new ones.
  const [ids, setIds] = useState<string[]>(() => items.map(() => newId()));
  let rowIds = ids;
  if (ids.length !== items.length) {
    rowIds = items.map(() => newId());
    setIds(rowIds);
  }
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const commit = (next: T[], nextIds: (current: string[]) => string[]) => {
    setIds(nextIds);
    latest.current = next;
    onChange?.(next);
  };
  const update = (index: number, patch: Partial<T>) => {
    const next = items.slice();
    next[index] = { ...next[index]!, ...patch };
    commit(next, (current) => current);
  };
  const remove = (index: number) =>
    commit(
      items.filter((_, i) => i !== index),
      (current) => current.filter((_, i) => i !== index),
    );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rowIds.indexOf(String(active.id));
    const to = rowIds.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    commit(arrayMove(items, from, to), (current) => arrayMove(current, from, to));
  };

  return (
    <Flex vertical gap={8} id={id} role="list" aria-label={label}>
      <Upload
        multiple
        accept={IMAGE_ACCEPT}
        showUploadList={false}
        disabled={items.length + pending >= max}
        customRequest={({ file }) => {
          setPending((n) => n + 1);
          uploadPicture(file as File)
            .then((url) => commit([...latest.current, makeItem(url)], (current) => [...current, newId()]))
            .catch((error: Error) => void message.error(text.uploadFailed((file as File).name, error.message)))
            .finally(() => setPending((n) => n - 1));
        }}
      >
        <Button icon={<UploadOutlined />} loading={pending > 0}>
          {pending > 0 ? `${text.uploading}（${pending}）` : text.uploadMany}
        </Button>
      </Upload>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.albumEmpty} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rowIds} strategy={verticalListSortingStrategy}>
            {items.map((item, index) => (
              <Row key={rowIds[index]} rowId={rowIds[index]!}>
                {(handle) => (
                  <Flex gap={12} align="center" role="listitem">
                    {handle}
                    <Typography.Text type="secondary" style={{ width: 20, textAlign: 'right' }}>
                      {index + 1}
                    </Typography.Text>
                    <Image src={item.picUrl} width={72} height={54} style={{ objectFit: 'cover', borderRadius: 4 }} />
                    <Flex gap={8} wrap style={{ flex: 1, minWidth: 0 }}>
                      {renderExtra?.(item, (patch) => update(index, patch))}
                      <Input
                        style={{ flex: '1 1 200px', minWidth: 160 }}
                        value={item.description}
                        maxLength={200}
                        placeholder={text.albumCaption}
                        aria-label={text.albumCaption}
                        onChange={(e) => update(index, { description: e.target.value } as Partial<T>)}
                      />
                    </Flex>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={text.remove} onClick={() => remove(index)} />
                  </Flex>
                )}
              </Row>
            ))}
          </SortableContext>
        </DndContext>
      )}
    </Flex>
  );
}
