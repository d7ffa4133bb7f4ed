import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMigration, checkMigrations } from './migration-policy.mjs';

// A migration that would break or block the old release during a rolling
// deploy is refused unless it says why it is safe.
const rulesOf = (sql: string) => checkMigration(sql).map((finding) => finding.rule);

describe('the migration policy', () => {
  it('every migration under the policy follows it', () => {
    expect(
      checkMigrations(path.resolve(import.meta.dirname, '../src/server/db/migrations')),
    ).toEqual([]);
  });

  it.each([
    ['DROP TABLE "public_holidays";', 'drop-table'],
    ['ALTER TABLE "referrals" DROP COLUMN "city";', 'drop-column'],
    ['ALTER TABLE "referrals" RENAME COLUMN "city" TO "town";', 'rename'],
    ['ALTER TABLE "short_links" RENAME TO "links";', 'rename'],
    ['ALTER TABLE "referrals" ALTER COLUMN "city" SET NOT NULL;', 'set-not-null'],
    ['ALTER TABLE "referrals" ADD COLUMN "ejar" text NOT NULL;', 'not-null-without-default'],
    ['ALTER TABLE "referrals" ALTER COLUMN "rent_amount" SET DATA TYPE bigint;', 'column-type'],
    [
      'CREATE INDEX "referrals_city_idx" ON "referrals" USING btree ("city");',
      'index-without-concurrently',
    ],
    ['CREATE UNIQUE INDEX "c_idx" ON "commissions" ("referral_id");', 'index-without-concurrently'],
    // Spellings PostgreSQL takes as well (COLUMN is optional, the schema may be named).
    ['ALTER TABLE "referrals" DROP "city";', 'drop-column'],
    ['ALTER TABLE "referrals" ADD "ejar" text NOT NULL;', 'not-null-without-default'],
    ['ALTER TABLE "referrals" ALTER "rent_amount" TYPE bigint;', 'column-type'],
    ['CREATE INDEX "r_idx" ON "public"."referrals" ("city");', 'index-without-concurrently'],
    // What drizzle-kit writes for .unique() and .references() on a large table.
    ['ALTER TABLE "referrals" ADD CONSTRAINT "r_city_unique" UNIQUE("city");', 'unique-constraint'],
    [
      'ALTER TABLE "commissions" ADD CONSTRAINT "c_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id");',
      'foreign-key-validated',
    ],
    // What drizzle-kit writes for a check() on a large table: every row read under the lock.
    [
      `ALTER TABLE "transfer_requests" ADD CONSTRAINT "t_status_check" CHECK ("transfer_requests"."status" in ('open','paid'));`,
      'check-validated',
    ],
    ['ALTER TABLE public.commissions ADD CHECK (amount > 0);', 'check-validated'],
    // Drizzle applies migrations in a transaction, where CONCURRENTLY fails at deploy time.
    [
      'CREATE INDEX CONCURRENTLY "referrals_city_idx" ON "referrals" ("city");',
      'concurrently-in-a-migration',
    ],
  ])('refuses %s (%s)', (sql, rule) => {
    expect(rulesOf(sql)).toEqual([rule]);
  });

  it.each([
    'ALTER TABLE "referrals" ADD COLUMN "ejar" text;',
    `ALTER TABLE "referrals" ADD COLUMN "source" text DEFAULT 'form' NOT NULL;`,
    'CREATE TABLE "offices" ("id" uuid PRIMARY KEY, "name" text NOT NULL);',
    'ALTER TABLE "commissions" ADD CONSTRAINT "c_fk" FOREIGN KEY ("broker_id") REFERENCES "brokers"("id") NOT VALID;',
    'ALTER TABLE "referrals" ADD CONSTRAINT "r_city_unique" UNIQUE USING INDEX "r_city_idx";',
    `ALTER TABLE "transfer_requests" ADD CONSTRAINT "t_status_check" CHECK ("status" in ('open','paid')) NOT VALID;`,
    'ALTER TABLE "transfer_requests" VALIDATE CONSTRAINT "t_status_check";',
    `ALTER TABLE "public_holidays" ADD CONSTRAINT "h_check" CHECK ("day" > '2020-01-01');`,
    'CREATE TABLE "offices" ("id" uuid);\nALTER TABLE "offices" ADD CONSTRAINT "o_c" CHECK ("id" is not null);',
    'ALTER TABLE "referrals" ALTER COLUMN "city" DROP NOT NULL;',
    'ALTER TABLE "referrals" ALTER COLUMN "city" DROP DEFAULT;',
    'ALTER TABLE "referrals" DROP CONSTRAINT "referrals_city_check";',
    `ALTER TYPE "public"."referral_status" ADD VALUE 'on_hold';`,
    'CREATE TABLE "offices" ("id" uuid PRIMARY KEY);\nALTER TABLE "offices" ADD CONSTRAINT "o_u" UNIQUE("id");',
    // A table created in the same migration is empty; one that never grows large is small.
    'CREATE TABLE "offices" ("id" uuid PRIMARY KEY);\nCREATE INDEX "o_idx" ON "offices" ("id");',
    'CREATE TABLE "referrals" ("id" uuid);\nCREATE INDEX "r_idx" ON "referrals" ("id");',
    'CREATE INDEX "holidays_day_idx" ON "public_holidays" ("day");',
    '-- DROP TABLE "referrals"; only a comment',
  ])('accepts %s', (sql) => {
    expect(rulesOf(sql)).toEqual([]);
  });

  it('accepts a refused statement only with a reasoned exception for that rule', () => {
    const drop = 'ALTER TABLE "referrals" DROP COLUMN "legacy_note";';
    expect(
      rulesOf(
        `-- migration-policy: allow drop-column because release 14 stopped reading it\n${drop}`,
      ),
    ).toEqual([]);
    // No reason, or another rule's exception, is not enough.
    expect(rulesOf(`-- migration-policy: allow drop-column\n${drop}`)).toEqual(['drop-column']);
    expect(rulesOf(`-- migration-policy: allow drop-table because it is unused\n${drop}`)).toEqual([
      'drop-column',
    ]);
  });

  it('checks every statement of a drizzle migration, split at its breakpoints', () => {
    const migration = [
      'ALTER TABLE "referrals" ADD COLUMN "ejar" text;',
      '--> statement-breakpoint',
      'CREATE INDEX "referrals_ejar_idx" ON "referrals" ("ejar");',
      '--> statement-breakpoint',
      'ALTER TABLE "referrals" ALTER COLUMN "ejar" SET NOT NULL;',
    ].join('\n');
    expect(rulesOf(migration)).toEqual(['index-without-concurrently', 'set-not-null']);
  });
});
