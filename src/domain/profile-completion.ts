/**
 * «اكتمال الملف الشخصي», computed once for both profile screens (issue 32: the phone said 29%
 * where the desktop said 17% for one broker): the share of the profile's seven fields a broker
 * fills in that hold something other than blanks, as a rounded percent. The registered phone
 * is not one of them (it is always there); the city is, and both screens edit all seven, so
 * either can reach 100%.
 */
export const PROFILE_COMPLETION_FIELDS = [
  'fullName',
  'officeName',
  'city',
  'falLicense',
  'email',
  'secondPhone',
  'bio',
] as const;

type ProfileField = (typeof PROFILE_COMPLETION_FIELDS)[number];

/** The profile, saved or as a form holds it: missing, null and blank fields count as empty. */
export function profileCompletion(
  profile: Readonly<Partial<Record<ProfileField, string | null | undefined>>>,
): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((field) => {
    const value = profile[field];
    return typeof value === 'string' && value.trim() !== '';
  }).length;
  return Math.round((filled / PROFILE_COMPLETION_FIELDS.length) * 100);
}
