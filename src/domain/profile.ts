export const DESKTOP_PROFILE_FIELDS = [
  'fullName',
  'officeName',
  'secondPhone',
  'bio',
  'falLicense',
  'email',
  'city',
] as const;
export const MOBILE_PROFILE_FIELDS = [
  'fullName',
  'email',
  'officeName',
  'secondPhone',
  'bio',
  'falLicense',
] as const;

type ProfileValues = Readonly<Record<string, unknown>>;

/** Rounded percent of the given fields that hold something other than blanks. */
export function profileCompletion(profile: ProfileValues, fields: readonly string[]): number {
  const filled = fields.filter((field) => {
    const value = profile[field];
    return typeof value === 'string' && value.trim() !== '';
  }).length;
  return Math.round((filled / fields.length) * 100);
}

export const desktopProfileCompletion = (profile: ProfileValues) =>
  profileCompletion(profile, DESKTOP_PROFILE_FIELDS);
export const mobileProfileCompletion = (profile: ProfileValues) =>
  profileCompletion(profile, MOBILE_PROFILE_FIELDS);
