import type { Executor } from '../../db/client';
import { feedback } from '../../db/schema';

/** The user's own records: feedback (help and feedback page). */
export function createUserRepository(db: Executor) {
  return {
    async insertFeedback(values: { companyId: number; userId: number; content: string }): Promise<void> {
      await db.insert(feedback).values(values);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
