import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  isProfileSetType,
  isProfileValueUnchanged,
  profileSexLabel,
  validateProfileItem,
  validateProfileName,
  validateProfilePhone,
  validateProfilePhoneChange,
  validateProfileResume,
  validateProfileUpdate,
} from './profile';

const profileText = messages.profile;

describe('profile rules (part 1, section 5)', () => {
  it('knows the three editable items and nothing else', () => {
    expect(['name', 'phone', 'resume'].every(isProfileSetType)).toBe(true);
    for (const other of ['sex', 'avatar', 'company', '', undefined, 'NAME', 'name ']) expect(isProfileSetType(other)).toBe(false);
  });

  it('names: required after trimming, at most 20 characters', () => {
    expect(validateProfileName('')).toBe(profileText.nameRequired);
    expect(validateProfileName('   ')).toBe(profileText.nameRequired);
    expect(validateProfileName('张三')).toBeNull();
    expect(validateProfileName('名'.repeat(20))).toBeNull();
    expect(validateProfileName('名'.repeat(21))).toBe(profileText.nameTooLong);
    // Characters as a person counts them: 20 emoji are 40 UTF-16 units.
    expect(validateProfileName('😀'.repeat(20))).toBeNull();
  });

  it('phones: required, then a mainland number', () => {
    expect(validateProfilePhone('')).toBe(profileText.phoneRequired);
    expect(validateProfilePhone('12345')).toBe(profileText.phoneInvalid);
    expect(validateProfilePhone('12800000000')).toBe(profileText.phoneInvalid);
    expect(validateProfilePhone(' 13912345678 ')).toBeNull();
    expect(validateProfilePhoneChange({ phone: '13912345678', code: '' })).toBe(profileText.phoneCodeRequired);
    expect(validateProfilePhoneChange({ phone: '139', code: '123456' })).toBe(profileText.phoneInvalid);
    expect(validateProfilePhoneChange({ phone: '13912345678', code: '123456' })).toBeNull();
  });

  it('resume is free text up to 200 characters, empty included', () => {
    expect(validateProfileResume('')).toBeNull();
    expect(validateProfileResume('<b>任何</b> 文字\n换行')).toBeNull();
    expect(validateProfileResume('字'.repeat(200))).toBeNull();
    expect(validateProfileResume('字'.repeat(201))).toBe(profileText.resumeTooLong);
  });

  it('checks one item of the edit page by its type', () => {
    expect(validateProfileItem('name', '')).toBe(profileText.nameRequired);
    expect(validateProfileItem('phone', '')).toBe(profileText.phoneRequired);
    expect(validateProfileItem('resume', '')).toBeNull();
  });

  it('an unchanged value (as saved, trimmed) just goes back', () => {
    expect(isProfileValueUnchanged('张三', '张三')).toBe(true);
    expect(isProfileValueUnchanged('张三', ' 张三 ')).toBe(true);
    expect(isProfileValueUnchanged('张三', '李四')).toBe(false);
    expect(isProfileValueUnchanged('', '')).toBe(true);
  });

  it('labels the sex codes 0, 1, 2', () => {
    expect([0, 1, 2, 9].map(profileSexLabel)).toEqual([profileText.sexConfidential, profileText.sexMale, profileText.sexFemale, profileText.sexConfidential]);
  });

  it('checks a whole update in the order of the rows', () => {
    expect(validateProfileUpdate({})).toBe(profileText.nothingToUpdate);
    expect(validateProfileUpdate({ code: '123456' })).toBe(profileText.nothingToUpdate);
    expect(validateProfileUpdate({ vacation: 1 })).toBeNull();
    expect(validateProfileUpdate({ avatar: '' })).toBe(profileText.avatarInvalid);
    expect(validateProfileUpdate({ name: '', phone: '' })).toBe(profileText.nameRequired);
    expect(validateProfileUpdate({ phone: '13912345678' })).toBe(profileText.phoneCodeRequired);
    expect(validateProfileUpdate({ sex: 3 })).toBe(profileText.sexInvalid);
    expect(validateProfileUpdate({ sex: 2, resume: '字'.repeat(201) })).toBe(profileText.resumeTooLong);
    expect(validateProfileUpdate({ sex: 0, name: '王五', resume: '' })).toBeNull();
  });
});
