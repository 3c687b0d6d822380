/**
 * The shapes of the console's form fields, in one place for the server's schemas
 * (schemas/admin*.ts) and the console's forms (apps/admin), which check them first. Each
 * pattern matches a filled-in value; a field that may be left empty says so where it is used
 * (antd's form rules skip an empty optional field; the schemas accept '' explicitly).
 */

/** A picture the upload endpoint answered (/uploads/…), a built-in asset (/assets/…) or an http(s) URL. */
export const PICTURE_URL = /^(?:\/[\w\-./]+|https?:\/\/[^\s"'<>]+)$/;

/** A link out of the app (video, VR): http(s) only. */
export const WEB_LINK = /^https?:\/\/[^\s"'<>]+$/;

/** A page of the mobile app (/house/detail/1, /house/list?…): same-site, never //host or /\host. */
export const IN_APP_PATH = /^\/(?![/\\])[^\s"'<>]*$/;

/** A landline, mobile or service number as people type it: digits, +, - and spaces. */
export const CONTACT_PHONE = /^[0-9+\- ]{3,20}$/;

/** A brand colour as #rrggbb. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A DNS name, IPv4 or IPv6 address, lower case, no port: what the tenant plugin matches (plugins/tenant.ts). */
export const HOST_PATTERN = /^(?:[a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$|^[0-9a-f:.]{2,45}$/;
