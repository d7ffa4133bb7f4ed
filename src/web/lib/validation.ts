/**
 * Zod as the web validates with it: its default messages in Arabic, for whatever a schema does
 * not word itself (the server does the same in src/server/app.ts).
 *
 * The web takes Zod's runtime (`z`, `zodResolver`) from here only, never from 'zod' or
 * '@hookform/resolvers/zod' (scripts/contract-calls.test.ts), so the configuration has run
 * before any form or list validates, and a page that validates nothing loads no Zod
 * (docs/decisions/063-contract-calls-in-the-browser.md). Types may still come from 'zod'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

z.config(z.locales.ar());

export { z, zodResolver };

/** A form's refusal by field: the first message a schema gave each one, by its name. */
export function fieldIssues(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    found[field] ??= issue.message;
  }
  return found;
}
