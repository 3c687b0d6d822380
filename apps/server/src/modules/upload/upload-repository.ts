import type { Executor } from '../../db/client';
import { upload } from '../../db/schema';

export function createUploadRepository(db: Executor) {
  return {
    async insert(values: typeof upload.$inferInsert): Promise<void> {
      await db.insert(upload).values(values);
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
