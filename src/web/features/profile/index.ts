/** What other features may use of the profile feature; the rest is its own. */
export { FAL_LICENSE_PATH, MOBILE_NAME_FIELD_PATH } from './name-field';
