/**
 * The sign-in steps' schemas and Zod's resolver, loaded when a visitor first touches a form, not
 * with the page: Zod and the domain's schemas are not needed to draw it (docs/decisions/065).
 * `components.tsx` fetches this module on the form's first focus and awaits it on submit.
 */
export {
  loginCodeFormSchema,
  loginPasswordFormSchema,
  loginPhoneFormSchema,
  mobileCodeFormSchema,
  mobileCreatePasswordFormSchema,
  mobilePhoneFormSchema,
  resetCodeFormSchema,
  resetNewPasswordFormSchema,
  resetPhoneFormSchema,
} from '#domain';
export { zodResolver } from '#lib/validation';
