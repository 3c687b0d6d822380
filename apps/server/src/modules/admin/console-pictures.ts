import type { Executor } from '../../db/client';
import type { PictureField, UploadService } from '../upload/upload-service';

/** The upload module's check, as the console's services take it. */
export type ConsoleUploads = Pick<UploadService, 'requirePictures'>;

/**
 * The console's pictures (listing, home and brand; docs/decisions/062): an upload URL must be a
 * console upload of the caller's company (public, by any of its operators: they edit the same
 * listings); an avatar, a proof or a licence is refused naming the field. A typed address that
 * is no upload ('/assets/…', 'https://…') stays the schema's to judge. Only the pictures a save
 * brings anew are checked, so a listing saved as it was keeps its older pictures.
 */
export function consolePictureCheck(uploads: ConsoleUploads) {
  return async (tx: Executor, companyId: number, pictures: PictureField[], kept: ReadonlySet<string> = new Set()): Promise<void> => {
    const fresh = pictures.filter((p) => p.url !== '' && !kept.has(p.url));
    if (fresh.length > 0) await uploads.requirePictures(companyId, 'console', 'company', fresh, { tx });
  };
}

/** The listing's pictures in a create or update input, each with the field a refusal names. */
export function housePictures(input: {
  buildingDiagram?: string | undefined;
  albums?: { picUrl: string }[] | undefined;
  unitTypes?: { typeThumb?: string | undefined; pictures?: { picUrl: string }[] | undefined }[] | undefined;
}): PictureField[] {
  return [
    ...(input.buildingDiagram ? [{ url: input.buildingDiagram, field: '楼盘主图', data: { field: 'buildingDiagram' } }] : []),
    ...(input.albums ?? []).map((a) => ({ url: a.picUrl, field: '相册图片', data: { field: 'albums' } })),
    ...(input.unitTypes ?? []).flatMap((u) => [
      ...(u.typeThumb ? [{ url: u.typeThumb, field: '户型图', data: { field: 'unitTypes' } }] : []),
      ...(u.pictures ?? []).map((p) => ({ url: p.picUrl, field: '户型图片', data: { field: 'unitTypes' } })),
    ]),
  ];
}
