import { describe, expect, it } from 'vitest';
import { PROFILE_COMPLETION_FIELDS, profileCompletion } from './profile-completion.js';

describe('profile completion', () => {
  it('counts the seven fields a broker fills in, blanks as empty', () => {
    expect(PROFILE_COMPLETION_FIELDS).toHaveLength(7);
    expect(profileCompletion({})).toBe(0);
    expect(profileCompletion({ fullName: 'أحمد', city: 'riyadh' })).toBe(29);
    expect(profileCompletion({ fullName: '  ', email: 'a@b.sa' })).toBe(14);
    expect(profileCompletion({ fullName: 'أحمد', bio: null, officeName: undefined })).toBe(14);
    expect(
      profileCompletion({
        fullName: 'أحمد',
        email: 'a@b.sa',
        officeName: 'مكتب',
        secondPhone: '0551234567',
        bio: 'وسيط',
        falLicense: '1234567',
        city: 'riyadh',
      }),
    ).toBe(100);
  });

  it('gives one figure for one broker, whichever screen reads the profile', () => {
    // The saved profile (the phone reads it) and the desktop form's values (every field a
    // string, the city too) of the same broker: the phone once said 17% where the desktop said 29%.
    const saved = {
      id: 'b1',
      phone: '0551234567',
      fullName: 'سارة العتيبي',
      officeName: null,
      city: 'jeddah',
      falLicense: null,
      email: null,
      secondPhone: null,
      bio: null,
      isActive: true,
    };
    const form = {
      fullName: 'سارة العتيبي',
      officeName: '',
      city: 'jeddah',
      falLicense: '',
      email: '',
      secondPhone: '',
      bio: '',
    };
    expect(profileCompletion(saved)).toBe(29);
    expect(profileCompletion(form)).toBe(profileCompletion(saved));
  });
});
