/** The phone profile with its edit mode on and the full-name field focused. */
export const MOBILE_NAME_FIELD_PATH = '/mobile-profile?edit=fullName';

/** The query parameter `MOBILE_NAME_FIELD_PATH` sets, read by the phone profile. */
export const EDIT_PARAM = { name: 'edit', fullName: 'fullName' } as const;
