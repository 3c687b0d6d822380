import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isConsoleRole, levelOfRole, ROLE_LABELS, ROLES, sessionRoleField, sessionStaffTypeField } from '../rules/roles';
import { adminSignSchema, createCompanySchema, updateBrandSchema } from './admin';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('console roles (docs/decisions/039)', () => {
  it('are roles with labels, level 0 in the mobile app and in no session field', () => {
    for (const role of ['OPERATOR', 'PLATFORM_ADMIN'] as const) {
      expect(ROLES).toContain(role);
      expect(isConsoleRole(role)).toBe(true);
      expect(levelOfRole(role)).toBe(0);
      expect(sessionRoleField(role)).toBe('');
      expect(sessionStaffTypeField(role)).toBe('');
    }
    expect(ROLE_LABELS.OPERATOR).toBe('运营管理员');
    expect(ROLE_LABELS.PLATFORM_ADMIN).toBe('平台管理员');
    expect(ROLES.filter(isConsoleRole)).toEqual(['OPERATOR', 'PLATFORM_ADMIN']);
  });
});

describe('console schemas', () => {
  it('sign-in checks phone then password with the mobile messages', () => {
    expect(firstMessage(adminSignSchema.safeParse({ phone: '', password: 'x' }))).toBe(messages.login.phoneRequired);
    expect(firstMessage(adminSignSchema.safeParse({ phone: '13800000009', password: '' }))).toBe(messages.login.passwordRequired);
    expect(adminSignSchema.safeParse({ phone: '13800000009', password: '123456', captchaSn: 'a', captcha: 'b' }).success).toBe(true);
  });

  it('update-brand refuses bad colours, pictures, settings and hosts with Chinese messages', () => {
    const bad = (body: Record<string, unknown>) => firstMessage(updateBrandSchema.safeParse({ version: 1, ...body }));
    expect(bad({ color: 'blue' })).toBe(messages.adminCompany.colorInvalid('主题色'));
    expect(bad({ gradientColor: '#12345' })).toBe(messages.adminCompany.colorInvalid('渐变色'));
    expect(bad({ logo: 'javascript:alert(1)' })).toBe(messages.adminCompany.pictureInvalid('Logo'));
    expect(bad({ maxCustomersPerReport: 0 })).toBe(messages.adminCompany.maxCustomersInvalid);
    expect(bad({ defaultProtectHours: 1.5 })).toBe(messages.adminCompany.protectHoursInvalid);
    expect(bad({ title: '  ' })).toBe(messages.adminCompany.titleRequired);
    expect(bad({ hosts: [] })).toBe(messages.adminCompany.hostsRequired);
    expect(bad({ hosts: ['a.example.com', 'A.example.com'] })).toBe(messages.adminCompany.hostRepeated('a.example.com'));
    expect(bad({ hosts: ['bad host'] })).toBe(messages.adminCompany.hostInvalid('bad host'));
    expect(updateBrandSchema.parse({ version: 3, color: '#AABBCC', logo: '/uploads/2026/01/x.png' })).toMatchObject({ version: 3, color: '#AABBCC' });
  });

  it('keeps an uploaded picture as its key path, whichever address the console sends back (docs/decisions/098)', () => {
    const key = '2026/01/0123456789abcdef0123456789abcdef.png';
    const parsed = updateBrandSchema.parse({
      version: 3,
      logo: `https://cdn.example.com/public/${key}`,
      subLogo: `/uploads/${key}`,
      favicon: '/assets/demo/favicon.svg',
    });
    expect(parsed).toMatchObject({ logo: `/uploads/${key}`, subLogo: `/uploads/${key}`, favicon: '/assets/demo/favicon.svg' });
  });

  it('create needs a title and a host; hosts are lower-cased', () => {
    expect(firstMessage(createCompanySchema.safeParse({ hosts: ['x.example.com'] }))).toBe(messages.adminCompany.titleRequired);
    expect(firstMessage(createCompanySchema.safeParse({ title: '新公司' }))).toBe(messages.adminCompany.hostsRequired);
    expect(createCompanySchema.parse({ title: '新公司', hosts: [' X.Example.com '] }).hosts).toEqual(['x.example.com']);
  });
});
