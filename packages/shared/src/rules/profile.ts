import { messages } from '../messages';
import { isMainlandPhone } from './phone';

/**
 * Part 1, sections 2, 3 and 5: the personal-info rules, shared by the edit page and the
 * server (POST /api/user/update-info). Each check returns the first failed rule's message,
 * or null.
 */
const profileText = messages.profile;

/** Part 1, section 9: sex codes 0 confidential, 1 male, 2 female. */
export const PROFILE_SEX_OPTIONS = [
  { value: 0, label: profileText.sexConfidential },
  { value: 1, label: profileText.sexMale },
  { value: 2, label: profileText.sexFemale },
] as const;
export type ProfileSex = (typeof PROFILE_SEX_OPTIONS)[number]['value'];

export function profileSexLabel(sex: number): string {
  return PROFILE_SEX_OPTIONS.find((o) => o.value === sex)?.label ?? profileText.sexConfidential;
}

/** The items of /user/info/set/:type; any other type is the 'item does not exist' page. */
export const PROFILE_SET_TYPES = ['name', 'phone', 'resume'] as const;
export type ProfileSetType = (typeof PROFILE_SET_TYPES)[number];

export function isProfileSetType(type: string | undefined): type is ProfileSetType {
  return (PROFILE_SET_TYPES as readonly string[]).includes(type ?? '');
}

/** Not in the spec: bounds a careful product sets so one row cannot swallow the page. */
export const PROFILE_NAME_MAX = 20;
export const PROFILE_RESUME_MAX = 200;

/** Counts characters as a person does (an emoji is one), not UTF-16 units. */
function length(text: string): number {
  return Array.from(text).length;
}

export function validateProfileName(name: string): string | null {
  const value = name.trim();
  if (!value) return profileText.nameRequired;
  if (length(value) > PROFILE_NAME_MAX) return profileText.nameTooLong;
  return null;
}

/** Resume is free text (part 1, section 5); only its length is bounded. */
export function validateProfileResume(resume: string): string | null {
  return length(resume.trim()) > PROFILE_RESUME_MAX ? profileText.resumeTooLong : null;
}

export function validateProfilePhone(phone: string): string | null {
  const value = phone.trim();
  if (!value) return profileText.phoneRequired;
  if (!isMainlandPhone(value)) return profileText.phoneInvalid;
  return null;
}

/** A new phone needs the SMS code sent to it. */
export function validateProfilePhoneChange(input: { phone: string; code: string }): string | null {
  return validateProfilePhone(input.phone) ?? (input.code.trim() ? null : profileText.phoneCodeRequired);
}

export function validateProfileItem(type: ProfileSetType, value: string): string | null {
  if (type === 'name') return validateProfileName(value);
  if (type === 'phone') return validateProfilePhone(value);
  return validateProfileResume(value);
}

/** Part 1, section 5: "an unchanged value just goes back" (compared as saved: trimmed). */
export function isProfileValueUnchanged(current: string, next: string): boolean {
  return current.trim() === next.trim();
}

/** The fields of update-info; each is optional and only the ones sent change. */
export interface ProfileUpdate {
  vacation?: 0 | 1;
  avatar?: string;
  sex?: number;
  name?: string;
  phone?: string;
  /** The SMS code sent to the new phone. */
  code?: string;
  resume?: string;
}

/**
 * The whole update-info payload, checked in the order of the page's rows (avatar, name,
 * phone, sex, resume); the vacation switch has no rule beyond its values.
 */
export function validateProfileUpdate(input: ProfileUpdate): string | null {
  const fields = ['vacation', 'avatar', 'sex', 'name', 'phone', 'resume'] as const;
  if (!fields.some((field) => input[field] !== undefined)) return profileText.nothingToUpdate;
  if (input.avatar !== undefined && !input.avatar.trim()) return profileText.avatarInvalid;
  if (input.name !== undefined) {
    const failure = validateProfileName(input.name);
    if (failure) return failure;
  }
  if (input.phone !== undefined) {
    const failure = validateProfilePhoneChange({ phone: input.phone, code: input.code ?? '' });
    if (failure) return failure;
  }
  if (input.sex !== undefined && !PROFILE_SEX_OPTIONS.some((o) => o.value === input.sex)) return profileText.sexInvalid;
  if (input.resume !== undefined) return validateProfileResume(input.resume);
  return null;
}
