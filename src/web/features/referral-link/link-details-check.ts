/**
 * The rent and the city checked before a code is sent (the code step no longer shows them), by
 * the request's own schema. Loaded when the tenant starts on the form, not with the page: Zod
 * and the domain's schemas are not needed to show it (LinkRequestPage.tsx).
 */
import { linkRequestBodySchema } from '#domain';
// Zod's own messages in Arabic before the details are checked.
import '#lib/validation';

const detailsSchema = linkRequestBodySchema.pick({ rent: true, city: true });

/** Each refused field's Arabic message, by field name. */
export function detailsErrors(rent: string, city: string): Record<string, string> {
  const checked = detailsSchema.safeParse({ rent, city });
  if (checked.success) return {};
  return Object.fromEntries(
    checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}
