import { z } from 'zod';
import { validateProfilePhone, validateProfileUpdate } from '../rules/profile';
import { dbInt, optionalText, text } from './fields';
import { PICTURE_URL_MAX } from '../rules/upload-url';

/**
 * POST /api/user/update-info (part 1, section 7: any of vacation, avatar, sex, name, phone,
 * resume). `avatar` is an upload of this user; a new `phone` needs the `code` sent to it.
 */
export const updateInfoSchema = z
  .object({
    vacation: z.union([z.literal(0), z.literal(1)]).optional(),
    avatar: optionalText('头像', PICTURE_URL_MAX),
    sex: dbInt('性别').optional(),
    name: optionalText('姓名', 200),
    phone: optionalText('手机号', 20),
    code: optionalText('验证码', 12),
    resume: optionalText('个人简介', 2000),
  })
  .superRefine((value, ctx) => {
    const message = validateProfileUpdate(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type UpdateInfoInput = z.infer<typeof updateInfoSchema>;

/** The updated values: exactly the fields the request changed. */
export const updateInfoResultSchema = z.object({
  vacation: z.number().optional(),
  avatar: z.string().optional(),
  sex: z.number().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  resume: z.string().optional(),
});
export type UpdateInfoResult = z.infer<typeof updateInfoResultSchema>;

/** POST /api/user/get-phone-code { phone }: the SMS code for changing to this new phone. */
export const phoneCodeRequestSchema = z
  .object({ phone: text('手机号', 32) })
  .superRefine((value, ctx) => {
    const message = validateProfilePhone(value.phone);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;
