import { hasVacationSwitch } from '@baobei/shared/rules/access';
import { messages } from '@baobei/shared/messages';
import type { FeedbackInput } from '@baobei/shared/schemas/feedback';
import type { UpdateInfoInput, UpdateInfoResult } from '@baobei/shared/schemas/profile';
import { plainUploadUrl } from '@baobei/shared/rules/upload-url';
import { isUniqueViolation } from '../../lib/db-errors';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';
import type { SessionUser } from '../auth/session-repository';
import type { UploadService } from '../upload/upload-service';
import type { ProfilePatch, UserRepository } from './user-repository';

export interface UserServiceDeps {
  users: UserRepository;
  /** The auth service's single-use SMS code check (a new phone proves itself with one). */
  smsCodes: { verifySmsCode(company: { id: number }, phone: string, purpose: 'phone', code: string): Promise<void> };
  /** The upload module's check of an attached picture (docs/decisions/062). */
  uploads: Pick<UploadService, 'requirePictures'>;
}

export function createUserService({ users, smsCodes, uploads }: UserServiceDeps) {
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
     * Part 1, section 7: any of vacation, avatar, sex, name, phone, resume; the schema has
     * applied the profile rules. Answers the values it changed. Checks run before the SMS
     * code is used, so a refused change does not cost the user their code.
     */
    async updateInfo(user: SessionUser, input: UpdateInfoInput): Promise<UpdateInfoResult> {
      // An AUDITOR on vacation gets no new reports (DECISIONS.md, auditor assignment); no other role has the switch.
      if (input.vacation !== undefined && !hasVacationSwitch(user.role)) throw new ForbiddenError(messages.common.forbidden);
      // A picture of one's own, uploaded as an avatar (public: the shared listing page shows it;
      // docs/decisions/062, a private proof never becomes one); the current one may be sent again.
      // A signed URL names the same picture (decision 018); the avatar is stored as its plain path.
      const avatar = input.avatar === undefined ? undefined : plainUploadUrl(input.avatar);
      if (avatar !== undefined && avatar !== user.avatar) {
        const notUploads = await uploads.requirePictures(user.companyId, 'avatar', { userId: user.id }, [{ url: avatar, field: '头像' }], { notOwned: messages.profile.avatarInvalid });
        if (notUploads.length > 0) throw new ValidationError(messages.profile.avatarInvalid);
      }
      const patch: ProfilePatch = {
        vacation: input.vacation,
        avatar,
        sex: input.sex,
        name: input.name,
        resume: input.resume,
      };
      if (input.phone !== undefined) {
        if (input.phone === user.phone) throw new ValidationError(messages.profile.phoneSame);
        if (await users.phoneTaken(user.companyId, input.phone, user.id)) throw new ConflictError(messages.profile.phoneTaken);
        await smsCodes.verifySmsCode({ id: user.companyId }, input.phone, 'phone', input.code ?? '');
        patch.phone = input.phone;
      }
      const changed = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as ProfilePatch;
      try {
        await users.updateProfile(user.companyId, user.id, changed, user.phone);
      } catch (error) {
        // Two accounts raced for the same new phone: (company_id, phone) is unique.
        if (isUniqueViolation(error)) throw new ConflictError(messages.profile.phoneTaken);
        throw error;
      }
      return changed;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
