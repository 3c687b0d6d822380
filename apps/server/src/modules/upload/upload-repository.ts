import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { upload } from '../../db/schema';

export type UploadVisibility = (typeof upload.$inferSelect)['visibility'];

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

    /** One of this user's uploads in this company, by its storage key. */
    async findOwn(companyId: number, userId: number, storageKey: string): Promise<{ visibility: UploadVisibility; mime: string } | undefined> {
      const rows = await db
        .select({ visibility: upload.visibility, mime: upload.mime })
        .from(upload)
        .where(and(eq(upload.companyId, companyId), eq(upload.userId, userId), eq(upload.storageKey, storageKey)))
        .limit(1);
      return rows[0];
    },

    async markPublic(companyId: number, userId: number, storageKey: string): Promise<void> {
      await db
        .update(upload)
        .set({ visibility: 'public' })
        .where(and(eq(upload.companyId, companyId), eq(upload.userId, userId), eq(upload.storageKey, storageKey)));
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
