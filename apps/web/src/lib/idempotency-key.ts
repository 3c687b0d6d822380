/** The shared helper (packages/shared/src/rules/idempotency-key.ts), where the app's pages have always found it. */
export { createIdempotencyKeeper, newIdempotencyKey } from '@baobei/shared/rules/idempotency-key';
