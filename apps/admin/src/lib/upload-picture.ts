import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { imageFileProblem } from '@baobei/shared/rules/image-file';
import { call } from './api-client';
import { errorMessage } from './api-error';

/**
 * The console's one way to upload a picture (POST /api/admin/upload/index: a public picture of
 * the host's company, docs/decisions/043). The app's rule (type, 5 MB) is checked first, so a
 * wrong file is refused without sending it; the server checks the content again.
 * Resolves to the picture's URL or rejects with the message to show.
 */
export async function uploadPicture(file: File): Promise<string> {
  const refusal = imageFileProblem(file);
  if (refusal) throw new Error(refusal);
  const form = new FormData();
  form.append('file', file);
  try {
    return (await call(api.upload.admin, { form })).url;
  } catch (error) {
    throw new Error(errorMessage(error, messages.upload.failed), { cause: error });
  }
}

/**
 * A private proof of the signed-in operator (POST /api/admin/upload/proof, decision 085): a
 * deal's contract picture. Resolves to its signed URL (the deal call takes it as it came).
 */
export async function uploadProof(file: File): Promise<string> {
  const refusal = imageFileProblem(file);
  if (refusal) throw new Error(refusal);
  const form = new FormData();
  form.append('file', file);
  try {
    return (await call(api.upload.adminProof, { form })).url;
  } catch (error) {
    throw new Error(errorMessage(error, messages.upload.failed), { cause: error });
  }
}
