/** The phone profile with its edit mode on and the full-name field focused. */
export const MOBILE_NAME_FIELD_PATH = '/mobile-profile?edit=fullName';

/** The query parameter `MOBILE_NAME_FIELD_PATH` sets, read by the phone profile. */
export const EDIT_PARAM = { name: 'edit', fullName: 'fullName' } as const;

/** The licence card's place on the profile pages (`#…`), which scroll to it when opened so. */
export const FAL_LICENSE_ANCHOR = 'fal-license';

/** Each profile page at its licence card: where a commission held for the licence leads. */
export const FAL_LICENSE_PATH = {
  desktop: `/profile#${FAL_LICENSE_ANCHOR}`,
  phone: `/mobile-profile#${FAL_LICENSE_ANCHOR}`,
} as const;
