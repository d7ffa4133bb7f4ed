// The migration policy (docs/operations.md, «Migrations»): during a rolling deploy the old
// release keeps serving on the database the new one migrated, so a migration only expands the
// schema; what the old release still reads is removed (contracted) a release later. This check
// refuses, in a migration newer than the policy, what breaks or blocks the old release, unless
// the migration says why it is safe in a comment of its own:
//
//   -- migration-policy: allow <rule> because <reason>
//
// `npm test` runs it on src/server/db/migrations (scripts/migration-policy.test.ts);
// `node scripts/migration-policy.mjs` prints the findings.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The migrations written before the policy; checked by review, not by this script. */
export const BEFORE_THE_POLICY = 16;

/**
 * Tables that grow with the business: an index built on them without CONCURRENTLY blocks
 * writes while it builds.
 */
export const LARGE_TABLES = [
  'brokers',
  'referrals',
  'commissions',
  'transfer_requests',
  'tenant_forms',
  'stored_files',
  'referral_link_visits',
  'fraud_signals',
  'audit_log',
  'outbound_messages',
  'notifications',
  'sessions',
  'otp_codes',
  'otp_verifications',
  'known_devices',
  'auth_failures',
  'rate_limits',
];

/**
 * Each rule: its name (for an exception), what it finds in a statement (`find.test`), and why it
 * breaks a rolling deploy.
 */
export const RULES = [
  {
    rule: 'drop-table',
    find: /\bDROP\s+TABLE\b/i,
    why: 'the old release still reads the table: drop it a release after the code stops using it',
  },
  {
    rule: 'drop-column',
    find: /\bDROP\s+COLUMN\b/i,
    why: 'the old release still reads the column: drop it a release after the code stops using it',
  },
  {
    rule: 'rename',
    find: /\bRENAME\s+(COLUMN\b|TO\b|CONSTRAINT\b)|\bALTER\s+TABLE\b[^;]*\bRENAME\b/i,
    why: 'the old release still uses the old name: add the new one, copy, and drop the old a release later',
  },
  {
    rule: 'set-not-null',
    find: /\bSET\s+NOT\s+NULL\b/i,
    why: 'the old release may still write nulls, and the check scans the whole table under a lock',
  },
  {
    rule: 'not-null-without-default',
    // Any ADD COLUMN clause of the statement with NOT NULL and no DEFAULT, in either order.
    find: {
      test: (statement) =>
        statement
          .split(/\bADD\s+COLUMN\b/i)
          .slice(1)
          .some((clause) => /\bNOT\s+NULL\b/i.test(clause) && !/\bDEFAULT\b/i.test(clause)),
    },
    why: "the old release's inserts do not name the column and fail",
  },
  {
    rule: 'column-type',
    find: /\bALTER\s+COLUMN\b[^;]*\b(SET\s+DATA\s+)?TYPE\b/i,
    why: 'rewrites the table under an exclusive lock, and the old release may not read the new type',
  },
  {
    rule: 'index-without-concurrently',
    find: new RegExp(
      `\\bCREATE\\s+(UNIQUE\\s+)?INDEX\\s+(?!CONCURRENTLY\\b)[^;]*\\bON\\s+(ONLY\\s+)?"?(${LARGE_TABLES.join('|')})"?\\b`,
      'i',
    ),
    why: 'blocks every write to a large table while it builds: build it CONCURRENTLY before the release',
  },
];

const EXCEPTION = /--\s*migration-policy:\s*allow\s+([a-z-]+)\s+because\s+(\S.{9,})/gi;

/**
 * The rules a migration breaks without a reasoned exception: [{ rule, why, statement }].
 * Statements are split at `;` and drizzle's `--> statement-breakpoint`; comments do not count.
 */
export function checkMigration(sql) {
  const allowed = new Set([...sql.matchAll(EXCEPTION)].map((match) => match[1].toLowerCase()));
  const statements = sql
    .split(/;|-->\s*statement-breakpoint/)
    .map((statement) => statement.replace(/--.*$/gm, '').trim())
    .filter(Boolean);
  // A table created by this same migration is empty: indexing it blocks nobody.
  const created = new Set(
    statements.flatMap((statement) => {
      const match = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_]+)"?/i.exec(statement);
      return match ? [match[1].toLowerCase()] : [];
    }),
  );
  const onNewTable = (statement) => {
    const table = /\bON\s+(?:ONLY\s+)?"?([a-z_]+)"?/i.exec(statement)?.[1]?.toLowerCase();
    return table !== undefined && created.has(table);
  };
  const findings = [];
  for (const statement of statements) {
    for (const { rule, find, why } of RULES) {
      if (rule === 'index-without-concurrently' && onNewTable(statement)) continue;
      if (find.test(statement) && !allowed.has(rule)) {
        findings.push({ rule, why, statement: statement.replace(/\s+/g, ' ').slice(0, 160) });
      }
    }
  }
  return findings;
}

/** Every migration of `folder` under the policy (numbered from BEFORE_THE_POLICY on). */
export function checkMigrations(folder) {
  return readdirSync(folder)
    .filter((file) => /^\d{4}_.*\.sql$/.test(file) && Number(file.slice(0, 4)) >= BEFORE_THE_POLICY)
    .sort()
    .flatMap((file) =>
      checkMigration(readFileSync(path.join(folder, file), 'utf8')).map((finding) => ({
        file,
        ...finding,
      })),
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = path.resolve(import.meta.dirname, '../src/server/db/migrations');
  const findings = checkMigrations(folder);
  for (const { file, rule, why, statement } of findings) {
    console.error(`${file}: ${rule}: ${why}\n    ${statement}`);
  }
  console.log(
    findings.length === 0
      ? 'every migration follows the policy'
      : `${findings.length} finding(s); add «-- migration-policy: allow <rule> because <reason>» only where it is truly safe`,
  );
  process.exit(findings.length === 0 ? 0 : 1);
}
