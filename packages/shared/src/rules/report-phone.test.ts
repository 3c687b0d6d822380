import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import { hidePhone, isDeveloperSide, reportPhoneFor } from './report-phone';

describe('hidden report phones', () => {
  it('hides the middle of a number, keeping 3 + 4', () => {
    expect(hidePhone('13812345678')).toBe('138****5678');
    expect(hidePhone('138****5678')).toBe('138****5678');
    expect(hidePhone('85291234567890')).toBe('852****7890');
    expect(hidePhone('1234567')).toBe('****');
    expect(hidePhone('')).toBe('');
  });

  it('hides only from the developer side, only on MASKED listings', () => {
    const developer = ROLES.filter(isDeveloperSide);
    expect(developer).toEqual(['CHANNEL', 'CHANNELJINGLI', 'OPERATOR', 'PLATFORM_ADMIN']);
    expect(isDeveloperSide('EXTERNAL')).toBe(true);
    for (const role of ROLES) {
      expect(reportPhoneFor(role, 'MASKED', '13812345678')).toBe(developer.includes(role) ? '138****5678' : '13812345678');
      expect(reportPhoneFor(role, 'FULL', '13812345678')).toBe('13812345678');
    }
    expect(reportPhoneFor('EXTERNAL', 'MASKED', '13812345678')).toBe('138****5678');
    expect(reportPhoneFor('EXTERNAL', 'FULL', '13812345678')).toBe('13812345678');
  });
});
