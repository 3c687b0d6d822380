import { z } from 'zod';
import {
  validateChangePassword,
  validateCodeLogin,
  validatePasswordLogin,
  validateRetrievePassword,
  validateSmsCodeRequest,
} from '../rules/auth';
import { optionalText, text } from './fields';

/**
 * Text fields read a missing value as '' so the rule reports it in the spec's order; NUL,
 * a non-string or an over-long value is refused first (schemas/fields.ts). Secrets keep
 * their spaces.
 */
const phone = text('手机号', 32);
const smsCode = text('验证码', 16);
const pictureSn = text('图形验证码', 64);
const secret = (field: string) => text(field, 128, { trim: false });

/** Runs a rule function of rules/auth.ts as the schema's only check, so its order is the spec's. */
function ruled<T extends z.ZodRawShape>(shape: T, rule: (v: z.infer<z.ZodObject<T>>) => string | null) {
  return z.object(shape).superRefine((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const passwordLoginSchema = ruled({ username: phone, password: secret('密码') }, validatePasswordLogin);
export type PasswordLoginInput = z.infer<typeof passwordLoginSchema>;

export const codeLoginSchema = ruled({ username: phone, code: smsCode }, validateCodeLogin);
export type CodeLoginInput = z.infer<typeof codeLoginSchema>;

export const smsCodeRequestSchema = ruled({ username: phone, sn: pictureSn, code: text('图形验证码', 16) }, validateSmsCodeRequest);
export type SmsCodeRequestInput = z.infer<typeof smsCodeRequestSchema>;

export const changePasswordSchema = ruled(
  { oldPassword: secret('原密码'), password: secret('新密码'), passwordMore: secret('确认密码') },
  validateChangePassword,
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const retrievePasswordSchema = ruled(
  { phone, password: secret('密码'), passwordMore: secret('确认密码'), wxcode: smsCode },
  validateRetrievePassword,
);
export type RetrievePasswordInput = z.infer<typeof retrievePasswordSchema>;

/** `GET /api/login/verify-code`: the picture code. `img` is an SVG data URL. */
export const verifyCodeSchema = z.object({ sn: z.string(), img: z.string() });
export type VerifyCode = z.infer<typeof verifyCodeSchema>;

/** Sent by the sign-in calls after 5 failures on an account (the picture code becomes required). */
export const pictureCodeFields = { sn: optionalText('图形验证码', 64), verifyCode: optionalText('图形验证码', 16) };

/**
 * Sent by the password sign-ins once the account's failures in the hour passed the ceiling
 * (the answer's data says `needSmsCode`): a login code sent to the account's own phone.
 */
export const secondFactorFields = { smsCode: optionalText('验证码', 16) };
