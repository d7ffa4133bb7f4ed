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

/** A table name as a statement writes it: quoted or not, with or without its schema. */
const TABLE = String.raw`(?:"?public"?\.)?"?([a-z_]+)"?`;
const LARGE = `(?:${LARGE_TABLES.join('|')})`;
/** `ALTER TABLE [IF EXISTS] [ONLY] <large table>`: the statements that lock one. */
const ALTER_LARGE = String.raw`\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(?:"?public"?\.)?"?${LARGE}"?\b`;

/** The clauses of an ALTER TABLE statement that add a column (`ADD [COLUMN] …`). */
const addedColumns = (statement) =>
  statement
    .split(/\bADD\b/i)
    .slice(1)
    .filter((clause) => !/^\s*(CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK|EXCLUDE)\b/i.test(clause));

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
    // `DROP [COLUMN] x` in an ALTER TABLE (COLUMN is optional); not DROP CONSTRAINT, DEFAULT,
    // NOT NULL, EXPRESSION or IDENTITY, which drop no data.
    find: /\bALTER\s+TABLE\b[^;]*\bDROP\s+(?!CONSTRAINT\b|DEFAULT\b|NOT\s+NULL\b|EXPRESSION\b|IDENTITY\b)/i,
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
    // Any column the statement adds (`ADD [COLUMN]`) with NOT NULL and no DEFAULT.
    find: {
      test: (statement) =>
        /\bALTER\s+TABLE\b/i.test(statement) &&
        addedColumns(statement).some(
          (clause) => /\bNOT\s+NULL\b/i.test(clause) && !/\bDEFAULT\b/i.test(clause),
        ),
    },
    why: "the old release's inserts do not name the column and fail",
  },
  {
    rule: 'column-type',
    find: /\bALTER\s+TABLE\b[^;]*\bALTER\s+(?:COLUMN\s+)?"?[a-z_]+"?\s+(?:SET\s+DATA\s+)?TYPE\b/i,
    why: 'rewrites the table under an exclusive lock, and the old release may not read the new type',
  },
  {
    rule: 'index-without-concurrently',
    find: new RegExp(
      String.raw`\bCREATE\s+(UNIQUE\s+)?INDEX\s+(?!CONCURRENTLY\b)[^;]*\bON\s+(ONLY\s+)?(?:"?public"?\.)?"?${LARGE}"?\b`,
      'i',
    ),
    why: 'blocks every write to a large table while it builds: build it CONCURRENTLY by hand before the release, and declare it here with IF NOT EXISTS',
  },
  {
    rule: 'concurrently-in-a-migration',
    find: /\bCONCURRENTLY\b/i,
    why: "drizzle applies a release's migrations in one transaction, where CONCURRENTLY fails: run it by hand before the release (docs/operations.md)",
  },
  {
    rule: 'unique-constraint',
    // A UNIQUE or PRIMARY KEY constraint builds its index under a lock, unless it adopts one
    // built beforehand (`USING INDEX`).
    find: new RegExp(
      String.raw`${ALTER_LARGE}[^;]*\bADD\s+(?:CONSTRAINT\s+"?[a-z_]+"?\s+)?(?:UNIQUE|PRIMARY\s+KEY)\b(?![^;]*\bUSING\s+INDEX\b)`,
      'i',
    ),
    why: 'builds an index on a large table under a lock: build a unique index CONCURRENTLY by hand first, then ADD CONSTRAINT … UNIQUE USING INDEX',
  },
  {
    rule: 'check-validated',
    // `ADD [CONSTRAINT name] CHECK (…)` on a large table, not NOT VALID: PostgreSQL reads every
    // row to prove it, holding the lock that blocks the old release's writes meanwhile.
    find: new RegExp(
      String.raw`${ALTER_LARGE}[^;]*\bADD\s+(?:CONSTRAINT\s+"?[a-z_]+"?\s+)?CHECK\b(?![^;]*\bNOT\s+VALID\b)`,
      'i',
    ),
    why: 'checks every row of a large table under a lock that blocks writes: add it NOT VALID (rows already there passed a narrower check, or VALIDATE CONSTRAINT it later)',
  },
  {
    rule: 'foreign-key-validated',
    find: new RegExp(String.raw`${ALTER_LARGE}[^;]*\bFOREIGN\s+KEY\b(?![^;]*\bNOT\s+VALID\b)`, 'i'),
    why: 'checks every row of a large table under a lock: add it NOT VALID, and VALIDATE CONSTRAINT in a later statement',
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
  // A table created by this same migration is empty: indexing or constraining it blocks nobody.
  const created = new Set(
    statements.flatMap((statement) => {
      const match = new RegExp(
        String.raw`\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${TABLE}`,
        'i',
      ).exec(statement);
      return match?.[1] ? [match[1].toLowerCase()] : [];
    }),
  );
  const onNewTable = (statement) => {
    const table = new RegExp(
      String.raw`\b(?:ON|ALTER\s+TABLE)\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${TABLE}`,
      'i',
    )
      .exec(statement)?.[1]
      ?.toLowerCase();
    return table !== undefined && created.has(table);
  };
  const LOCKING = new Set([
    'index-without-concurrently',
    'unique-constraint',
    'check-validated',
    'foreign-key-validated',
  ]);
  const findings = [];
  for (const statement of statements) {
    for (const { rule, find, why } of RULES) {
      if (LOCKING.has(rule) && onNewTable(statement)) continue;
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
