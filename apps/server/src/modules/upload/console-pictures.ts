import type { Executor } from '../../db/client';
import type { PictureField, UploadService } from './upload-service';

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
