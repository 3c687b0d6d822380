import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { upload } from '../../db/schema';

export type UploadVisibility = (typeof upload.$inferSelect)['visibility'];
/** docs/decisions/062: what an upload is for, and so where it may be attached. */
export type UploadPurpose = (typeof upload.$inferSelect)['purpose'];

export function createUploadRepository(db: Executor) {
  return {
    async insert(values: typeof upload.$inferInsert): Promise<void> {
      await db.insert(upload).values(values);
    },

    /** Bytes this user stored in this company since `since` (the daily quota). */
    async bytesSince(companyId: number, userId: number, since: Date): Promise<number> {
      const rows = await db
        .select({ bytes: sql<string>`coalesce(sum(${upload.size}), 0)` })
        .from(upload)
        .where(and(eq(upload.companyId, companyId), eq(upload.userId, userId), gt(upload.createdAt, since)));
      return Number(rows[0]?.bytes ?? 0);
    },

    /** This company's uploads among these storage keys: who uploaded each (null: anonymous) and what for. */
    async findMany(companyId: number, storageKeys: string[], tx: Executor = db): Promise<{ storageKey: string; userId: number | null; purpose: UploadPurpose }[]> {
      if (storageKeys.length === 0) return [];
      return tx
        .select({ storageKey: upload.storageKey, userId: upload.userId, purpose: upload.purpose })
        .from(upload)
        .where(and(eq(upload.companyId, companyId), inArray(upload.storageKey, storageKeys)));
    },

    /** Deletes this company's upload rows of these keys, answering the ones it deleted with their visibility (docs/decisions/093). */
    async removeMany(companyId: number, storageKeys: string[], tx: Executor = db): Promise<{ storageKey: string; visibility: UploadVisibility }[]> {
      if (storageKeys.length === 0) return [];
      return tx
        .delete(upload)
        .where(and(eq(upload.companyId, companyId), inArray(upload.storageKey, storageKeys)))
        .returning({ storageKey: upload.storageKey, visibility: upload.visibility });
    },

    /**
     * The visibility of a stored file, undefined when there is none. Looked up by its storage
     * key alone: a GET of /uploads/ names no company, and the key is unique across companies.
     */
    async visibilityOf(storageKey: string): Promise<UploadVisibility | undefined> {
      const rows = await db.select({ visibility: upload.visibility }).from(upload).where(eq(upload.storageKey, storageKey)).limit(1);
      return rows[0]?.visibility;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
