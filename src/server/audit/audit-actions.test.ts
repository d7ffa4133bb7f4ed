import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '#domain';
import {
  AUDIT_ACTIONS,
  auditActionKeys,
  auditActionLabel,
  RENAMED_AUDIT_ACTIONS,
} from '#domain/audit-actions';

// Every action key the server writes to the audit log has an Arabic label (the super-admin's log
// never shows `payout.approve`), and the labels name only actions that are written.

const SERVER = join(import.meta.dirname, '..');

/** The server's own sources: no tests, no test support. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The families of actions (`payout`, `broker`, …): a key is `<family>.<what>`. */
const FAMILIES = new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]));
const EVENTS = new Set<string>(WEBHOOK_EVENTS);

/** A source that writes audit rows: it imports the writers or the recorder's type. */
const WRITES_AUDIT = /from '[./]*\/audit\/service\.js'/;

/**
 * The action keys a source file writes: any string given as `action:`; any `'<family>.<what>'`
 * literal that is not a webhook event, of any family in a source that writes audit rows (a key
 * of a new family held in a variable) and of a known family elsewhere; and the keys a template
 * such as `payout.${to === 'approved' ? 'approve' : 'send'}` builds from its quoted choices.
 */
function writtenKeys(source: string): string[] {
  const keys = new Set<string>();
  const writer = WRITES_AUDIT.test(source);
  const isFamily = (family: string) => writer || FAMILIES.has(family);
  for (const [, key = ''] of source.matchAll(/\baction:\s*'([^']+)'/g)) keys.add(key);
  for (const [, key = '', family = ''] of source.matchAll(/'(([a-z_]+)\.[a-z_]+)'/g)) {
    if (isFamily(family) && !EVENTS.has(key)) keys.add(key);
  }
  for (const [, family = '', choices = ''] of source.matchAll(/`([a-z_]+)\.\$\{([^}]*)\}`/g)) {
    if (!isFamily(family)) continue;
    // The choices follow `?` or `:`; the values compared (`'approved'`) are not keys.
    for (const [, what] of choices.matchAll(/[?:]\s*'([a-z_]+)'/g)) keys.add(`${family}.${what}`);
  }
  return [...keys];
}

const written = new Map<string, string>();
for (const file of sources(SERVER)) {
  for (const key of writtenKeys(readFileSync(file, 'utf8'))) {
    if (!written.has(key)) written.set(key, relative(SERVER, file));
  }
}

describe('audit action labels', () => {
  it('finds the keys the server writes, the built ones included', () => {
    for (const key of ['payout.approve', 'payout.send', 'payout.fail', 'payout.cancel']) {
      expect(written.has(key), key).toBe(true);
    }
    expect(written.size).toBeGreaterThan(40);
  });

  it('gives every written key an Arabic label', () => {
    const missing = [...written]
      .filter(([key]) => !(AUDIT_ACTIONS as string[]).includes(key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
    for (const key of written.keys()) {
      expect(auditActionLabel(key)).not.toMatch(/[A-Za-z]/);
    }
  });

  it('labels only keys that are written; an old key reads as the action it was renamed to', () => {
    const unwritten = AUDIT_ACTIONS.filter((action) => !written.has(action));
    expect(unwritten).toEqual([]);
    for (const [old, current] of Object.entries(RENAMED_AUDIT_ACTIONS)) {
      expect(written.has(old), `${old} is written no more`).toBe(false);
      expect(written.has(current), `${current} is written`).toBe(true);
      expect(auditActionLabel(old)).toBe(auditActionLabel(current));
    }
  });

  it('filters an action with its old names', () => {
    expect(auditActionKeys('payout.pay')).toEqual(['payout.pay', 'transfer_request.pay']);
    expect(auditActionKeys('payout.cancel')).toEqual(['payout.cancel']);
  });

  it('catches a key of a new family, held in a variable or built by a template', () => {
    const source = `
      import type { AuditRecorder } from '../../audit/service.js';
      const issued = 'invoice.issue';
      export const issue = (record: AuditRecorder) =>
        record(tx, { action: issued, entityType: 'invoice', entityId: null });
      const what = \`invoice.\${paid ? 'settle' : 'void'}\`;
      const event = 'referral.created';`;
    expect(writtenKeys(source).sort()).toEqual(['invoice.issue', 'invoice.settle', 'invoice.void']);
    // Outside a writer, only known families count (a file name or a header is no key).
    expect(writtenKeys(`const file = 'invoice.pdf'; const k = 'payout.approve';`)).toEqual([
      'payout.approve',
    ]);
  });

  it('never shows an unknown key as it is', () => {
    expect(auditActionLabel('something.new')).toBe('عملية أخرى');
    expect(auditActionLabel('payout.approve')).toBe('اعتماد دفعة');
  });
});
