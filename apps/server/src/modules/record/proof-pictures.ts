import { ValidationError } from '../../lib/errors';
import type { Executor } from '../../db/client';
import type { UploadService } from '../upload/upload-service';
import type { RecordRepository } from './record-repository';

/** The upload module's check, as the record module's services take it. */
export type PictureUploads = Pick<UploadService, 'requirePictures'>;

/**
 * The private pictures a report takes (customers' proofs, report images, the deal's contract;
 * docs/decisions/062): each an upload for a proof ('picture') by this user, or an image of one of
 * this user's own customers. An avatar, a licence, a console picture or another user's picture
 * is refused: `field` names it when it is the user's own of another purpose, `notOwned` otherwise.
 */
export function proofPictureCheck(uploads: PictureUploads, records: Pick<RecordRepository, 'ownCustomerImages'>) {
  return async (companyId: number, userId: number, urls: string[], refusal: { field: string; notOwned: string }, tx?: Executor): Promise<void> => {
    if (urls.length === 0) return;
    const pictures = urls.map((url) => ({ url, field: refusal.field }));
    const notUploads = await uploads.requirePictures(companyId, 'picture', { userId }, pictures, { notOwned: refusal.notOwned, ...(tx ? { tx } : {}) });
    if (notUploads.length === 0) return;
    const images = await records.ownCustomerImages(companyId, userId, notUploads, tx);
    if (notUploads.some((url) => !images.has(url))) throw new ValidationError(refusal.notOwned);
  };
}

export type ProofPictureCheck = ReturnType<typeof proofPictureCheck>;
