import { z } from 'zod';
import { validateProfilePhone, validateProfileUpdate } from '../rules/profile';

/** A ruled schema reports the rule's message; this text field reads anything else as absent. */
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * POST /api/user/update-info (part 1, section 7: any of vacation, avatar, sex, name, phone,
 * resume). `avatar` is an upload of this user; a new `phone` needs the `code` sent to it.
 */
export const updateInfoSchema = z
  .object({
    vacation: z.union([z.literal(0), z.literal(1)]).optional(),
    avatar: optionalText(300),
    sex: z.number().int().optional(),
    name: optionalText(200),
    phone: optionalText(20),
    code: optionalText(12),
    resume: optionalText(2000),
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
  .object({ phone: z.string().trim().catch('') })
  .superRefine((value, ctx) => {
    const message = validateProfilePhone(value.phone);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;
