import { api } from '@baobei/shared/contract';
import { call } from '../../../lib/api-client';
import { QUIET_UPLOAD, type Uploader } from '../../../lib/upload-image';

/** The registration form's business licence picture: an anonymous upload, limited per address. */
export const uploadLicence: Uploader = (form) => call(api.registration.uploadLicence, { form }, QUIET_UPLOAD);
