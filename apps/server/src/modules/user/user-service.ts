import type { FeedbackInput } from '@baobei/shared/schemas/feedback';
import type { SessionUser } from '../auth/session-repository';
import type { UserRepository } from './user-repository';

export function createUserService({ users }: { users: UserRepository }) {
  return {
    /** Part 1, section 5: the schema has already required the content and capped its length. */
    async addFeedback(user: SessionUser, input: FeedbackInput): Promise<void> {
      await users.insertFeedback({ companyId: user.companyId, userId: user.id, content: input.content });
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
