import { z } from 'zod';
import {
  validateChangePassword,
  validateCodeLogin,
  validatePasswordLogin,
  validateRetrievePassword,
  validateSmsCodeRequest,
} from '../rules/auth';

/** A text field that reads a missing or non-string value as '' so the rule reports it in order. */
const text = z.string().trim().catch('');
const secret = z.string().catch('');

/** Runs a rule function of rules/auth.ts as the schema's only check, so its order is the spec's. */
function ruled<T extends z.ZodRawShape>(shape: T, rule: (v: z.infer<z.ZodObject<T>>) => string | null) {
  return z.object(shape).superRefine((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const passwordLoginSchema = ruled({ username: text, password: secret }, validatePasswordLogin);
export type PasswordLoginInput = z.infer<typeof passwordLoginSchema>;

export const codeLoginSchema = ruled({ username: text, code: text }, validateCodeLogin);
export type CodeLoginInput = z.infer<typeof codeLoginSchema>;

export const smsCodeRequestSchema = ruled({ username: text, sn: text, code: text }, validateSmsCodeRequest);
export type SmsCodeRequestInput = z.infer<typeof smsCodeRequestSchema>;

export const changePasswordSchema = ruled(
  { oldPassword: secret, password: secret, passwordMore: secret },
  validateChangePassword,
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const retrievePasswordSchema = ruled(
  { phone: text, password: secret, passwordMore: secret, wxcode: text },
  validateRetrievePassword,
);
export type RetrievePasswordInput = z.infer<typeof retrievePasswordSchema>;

/** `GET /api/login/verify-code`: the picture code. `img` is an SVG data URL. */
export const verifyCodeSchema = z.object({ sn: z.string(), img: z.string() });
export type VerifyCode = z.infer<typeof verifyCodeSchema>;

/** Sent by the sign-in calls after 5 failures on an account (the picture code becomes required). */
export const pictureCodeFields = { sn: z.string().optional(), verifyCode: z.string().optional() };
