import type { FastifyInstance } from 'fastify';
import { publicPictureKey } from '@baobei/shared/rules/upload-url';
import type { UploadStorage } from '../modules/upload/storage/upload-storage';

/**
 * Public pictures' addresses made when answering (issue 34 item 2, docs/decisions/098). A stored
 * picture is its key's path '/uploads/<key>'; with the pictures in a bucket (STORAGE=s3) every
 * answer's public picture reference (that path unsigned, or a bucket's public address stored
 * before 098) becomes the address the storage settings of the day give it (`publicUrl`: the
 * bucket's, or S3_PUBLIC_BASE_URL's CDN). So a restore into another bucket or a new CDN takes
 * over every stored picture at the next answer. Private pictures leave their services signed (a
 * query the references above never have) and are not touched. On disk the stored path is the
 * address already: nothing is registered.
 */
export function registerPictureAddresses(app: FastifyInstance, storage: Pick<UploadStorage, 'kind' | 'publicUrl'>): void {
  if (storage.kind !== 's3') return;
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => withPictureAddresses(payload, storage.publicUrl));
}

/**
 * `value` with every public picture reference replaced by `address(key)`. Nothing is changed in
 * place (an answer may hold a cached object): a part with nothing to replace is the same object.
 */
export function withPictureAddresses<T>(value: T, address: (key: string) => string): T {
  if (typeof value === 'string') {
    // Most strings are not pictures: the regular expressions only see those that may be.
    if (value.length < 40 || !(value.startsWith('/uploads/') || value.startsWith('http'))) return value;
    const key = publicPictureKey(value);
    return (key === null ? value : address(key)) as T;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = withPictureAddresses(item, address);
      if (next !== item) (copy ??= [...value])[i] = next;
    }
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    let copy: Record<string, unknown> | null = null;
    for (const [name, item] of Object.entries(value)) {
      const next = withPictureAddresses(item, address);
      if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[name] = next;
    }
    return (copy ?? value) as T;
  }
  return value;
}
