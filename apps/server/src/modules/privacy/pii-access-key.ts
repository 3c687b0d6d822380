import { createHmac } from 'node:crypto';

/**
 * The access log's key of a phone number (docs/decisions/092): HMAC-SHA256 under a key derived
 * from the deployment's secret, so the log never holds the number, a leaked log cannot be
 * reversed by trying the 10^10 numbers without the secret, and the console's filter finds a
 * number's rows by computing the same key from what the operator typed.
 */
export function createPhoneKey(secret: string): (phone: string) => string {
  const key = createHmac('sha256', secret).update('baobei:pii-access-phone:v1').digest();
  return (phone) => createHmac('sha256', key).update(phone).digest('base64url');
}
