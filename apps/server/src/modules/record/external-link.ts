import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed external report list link of one listing (docs/decisions/011). The sign binds
 * the company, the listing and the listing's `external_link_version`, so renewing (a version
 * bump) kills every older link, and a link of one company or listing is worthless for another.
 */
export interface ExternalLinkSubject {
  companyId: number;
  houseId: number;
  version: number;
}

export function signExternalLink(secret: string, subject: ExternalLinkSubject): string {
  return createHmac('sha256', secret).update(`${subject.companyId}:${subject.houseId}:${subject.version}`).digest('base64url');
}

/** Constant-time comparison: a wrong sign tells nothing about how close it was. */
export function verifyExternalLink(secret: string, subject: ExternalLinkSubject, sign: string): boolean {
  const expected = Buffer.from(signExternalLink(secret, subject));
  const given = Buffer.from(sign);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The web page of the link (route externalRecordList). */
export function externalLinkPath(houseId: number, sign: string): string {
  return `/external/record/list?houseId=${houseId}&sign=${encodeURIComponent(sign)}`;
}
