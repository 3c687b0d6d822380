import { messages } from '@baobei/shared/messages';
import type { FeedbackInput } from '@baobei/shared/schemas/feedback';
import { ForbiddenError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { UserRepository } from './user-repository';

export function createUserService({ users }: { users: UserRepository }) {
  return {
    /** Part 1, section 5: the schema has already required the content and capped its length. */
    async addFeedback(user: SessionUser, input: FeedbackInput): Promise<void> {
      await users.insertFeedback({ companyId: user.companyId, userId: user.id, content: input.content });
    },

    /** Part 2, section 7: broker options of the 公司订单 filter (the route admits DIANZHANG only). */
    async brokerOptions(user: SessionUser) {
      return users.brokersOfScope(user);
    },

    /**
     * This issue handles `vacation` only: an AUDITOR on vacation gets no new reports
     * (DECISIONS.md, auditor assignment); no other role has the switch.
     */
    async updateInfo(user: SessionUser, input: { vacation?: 0 | 1 }): Promise<{ vacation: number }> {
      if (input.vacation === undefined) return { vacation: user.vacation };
      if (user.role !== 'AUDITOR') throw new ForbiddenError(messages.common.forbidden);
      await users.setVacation(user.companyId, user.id, input.vacation);
      return { vacation: input.vacation };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
