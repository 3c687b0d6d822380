import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { messages } from '@baobei/shared/messages';
import { ValidationError } from '../../lib/errors';
import type { CaptchaRepository } from './captcha-repository';

/** Picture codes expire after 5 minutes and are single use. */
const CAPTCHA_TTL_MS = 5 * 60 * 1000;

function answerHash(sn: string, answer: string): string {
  return createHash('sha256').update(`${sn}:${answer.trim().toLowerCase()}`).digest('hex');
}

/** `onIssued` lets the test-only reader see answers; production passes nothing. */
export function createCaptchaService(captchas: CaptchaRepository, onIssued?: (sn: string, answer: string) => void) {
  return {
    async create(): Promise<{ sn: string; img: string }> {
      const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true });
      const sn = randomUUID();
      await captchas.insert({ sn, answerHash: answerHash(sn, text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
      onIssued?.(sn, text);
      return { sn, img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
    },

    /** Uses the code up whether or not the answer is right, so it cannot be guessed twice. */
    async consume(sn: string, answer: string): Promise<void> {
      if (!sn) throw new ValidationError(messages.login.pictureCodeExpired);
      const storedHash = await captchas.useUp(sn);
      if (!storedHash) throw new ValidationError(messages.login.pictureCodeExpired);
      if (storedHash !== answerHash(sn, answer)) throw new ValidationError(messages.login.pictureCodeWrong);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
