import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type AppliedRule,
  BROADCAST_AUDIENCES,
  type BroadcastAudience,
  COMMISSION_KINDS,
  COMMISSION_STATUS_KEYS,
  CONSENT_CHANNELS,
  CONSENT_PURPOSES,
  type CommissionKind,
  type CommissionStatus,
  type ConsentChannel,
  type ConsentPurpose,
  type ConsentVersion,
  DATA_INCIDENT_CATEGORIES,
  DATA_INCIDENT_NOTICES,
  DATA_INCIDENT_STATUSES,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  type DataCorrection,
  type DataIncidentCategory,
  type DataIncidentNotice,
  type DataIncidentStatus,
  type DataRequestKind,
  type DataRequestStatus,
  type FAILURE_KINDS,
  FAL_LICENSE_EVIDENCE,
  FAL_LICENSE_TYPES,
  type FalLicenseEvidence,
  type FalLicenseType,
  OFFICE_MEMBER_STATUSES,
  OFFICE_PAYEES,
  OFFICE_ROLES,
  type OfficeMemberStatus,
  type OfficePayee,
  type OfficeRole,
  OPEN_REFERRAL_STATUSES,
  OTP_PURPOSES,
  type OtpPurpose,
  OUTBOX_CHANNELS,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxKind,
  type OutboxStatus,
  PAYMENT_DOCUMENT_KINDS,
  PAYOUT_SOURCES,
  PAYOUT_STATUSES,
  type PaymentDocumentKind,
  type PayoutSource,
  type PayoutStatus,
  REFERRAL_SOURCES,
  REFERRAL_STATUS_KEYS,
  type ReferralSource,
  type ReferralStatus,
  SIGNAL_KINDS,
  SIGNAL_SCOPES,
  SIGNAL_STATUSES,
  type SignalKind,
  type SignalScope,
  type SignalStatus,
  TAX_ENTITIES,
  type TaxEntity,
  type TemplateStatus,
  TIMED_STAGES,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '#domain';
import type { PaymentDocumentData } from '../invoices/document-data.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

// Indexes are ascending on purpose: PostgreSQL reads them backwards for the lists' newest-first
// `ORDER BY … DESC`, whereas a `DESC NULLS LAST` index (what `.desc()` generates) cannot serve
// that order at all.

/** `('a','b',…)` for a CHECK or a partial index: the lists come from src/domain, never re-typed. */
const sqlList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(',')})`);

/** `array['a','b',…]::text[]` for a CHECK on an array column. */
const sqlArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]::text[]`);

/** Referral statuses before the contract is signed: a tenant may have only one such referral. */
const OPEN_STATUSES_SQL = sqlList(OPEN_REFERRAL_STATUSES);

/**
 * A group of brokers with its own terms (decision record 072). A term left null is the program's
 * setting (system_config). One group is the default (the first made), which new brokers join and
 * brokers without a group are in; with no group at all, every broker earns by the program's
 * settings. Groups are ordered by level: a promotion rule only moves a broker up.
 */
export const brokerGroups = pgTable(
  'broker_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    level: integer('level').notNull().default(0),
    commissionRate: numeric('commission_rate', { precision: 6, scale: 4, mode: 'number' }),
    commissionMinimum: numeric('commission_minimum', { precision: 10, scale: 2, mode: 'number' }),
    holdingDays: integer('holding_days'),
    payoutMinimum: integer('payout_minimum'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('broker_groups_one_default_idx').on(t.isDefault).where(sql`${t.isDefault}`),
    check(
      'broker_groups_terms_check',
      sql`(${t.commissionRate} is null or ${t.commissionRate} between 0 and 0.2)
        and (${t.commissionMinimum} is null or ${t.commissionMinimum} >= 1)
        and (${t.holdingDays} is null or ${t.holdingDays} between 0 and 365)
        and (${t.payoutMinimum} is null or ${t.payoutMinimum} >= 1)
        and ${t.level} between 0 and 99`,
    ),
  ],
);

/**
 * A promotion rule (decision record 072): a broker with at least `signed_contracts` commissions
 * (contracts signed, none reversed) created in the last `within_days` days moves to the group
 * when it is of a higher level than theirs. Goes with its group.
 */
export const promotionRules = pgTable(
  'promotion_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => brokerGroups.id, { onDelete: 'cascade' }),
    signedContracts: integer('signed_contracts').notNull(),
    withinDays: integer('within_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotion_rules_group_idx').on(t.groupId),
    check(
      'promotion_rules_bounds_check',
      sql`${t.signedContracts} between 1 and 1000 and ${t.withinDays} between 1 and 365`,
    ),
  ],
);

export const brokers = pgTable(
  'brokers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    brokerCode: text('broker_code').notNull().unique(),
    fullName: text('full_name'),
    officeName: text('office_name'),
    secondPhone: text('second_phone'),
    /** Where payouts go: a Saudi IBAN checked by its checksum, set with the password again. */
    iban: text('iban'),
    /** When the IBAN last replaced another: payouts wait 48 hours from then. */
    ibanChangedAt: ts('iban_changed_at'),
    /** The code of the broker's own referral link (`/r/{code}`); a new one retires the old. */
    linkCode: text('link_code').unique(),
    bio: text('bio'),
    logo: text('logo'),
    falLicense: text('fal_license'),
    /** The FAL licence's activity, its last valid day and its copy (decision 070). */
    falLicenseType: text('fal_license_type').$type<FalLicenseType>(),
    falLicenseExpiresOn: date('fal_license_expires_on', { mode: 'string' }),
    /**
     * The copy's storage key (its `stored_files` row is the broker's). No foreign key here, nor
     * on the verifying admin: a key from `brokers` back to `stored_files` or to `brokers` would
     * close a cycle the restore's table order cannot load (backup/restore.ts).
     */
    falLicenseCopy: text('fal_license_copy'),
    /** An admin's verification of the licence as it stands; any change to it clears these. */
    falLicenseVerifiedAt: ts('fal_license_verified_at'),
    falLicenseVerifiedBy: uuid('fal_license_verified_by'),
    falLicenseEvidence: text('fal_license_evidence').$type<FalLicenseEvidence>(),
    falLicenseNote: text('fal_license_note'),
    /** Why an admin did not accept the licence, as the broker reads it. */
    falLicenseRefusal: text('fal_license_refusal'),
    /**
     * The tax profile (decision 071): a person or an establishment (then its registered name
     * and commercial registration), and a VAT registration number with its certificate (a
     * storage key, no foreign key for the reason above) that an admin verifies; any change to
     * the number or the certificate clears the verification.
     */
    taxEntity: text('tax_entity').$type<TaxEntity>().notNull().default('individual'),
    legalName: text('legal_name'),
    crNumber: text('cr_number'),
    vatNumber: text('vat_number'),
    vatCertificate: text('vat_certificate'),
    vatVerifiedAt: ts('vat_verified_at'),
    vatVerifiedBy: uuid('vat_verified_by'),
    vatNote: text('vat_note'),
    /** The self-billing agreement version last accepted (its text and time: self_billing_acceptances). */
    selfBillingVersion: integer('self_billing_version'),
    email: text('email'),
    city: text('city'),
    /**
     * The broker's group (decision record 072); null is the default group (an account made before
     * any group, or by an earlier release during the deploy). A group with brokers cannot be
     * deleted.
     */
    groupId: uuid('group_id').references(() => brokerGroups.id, { onDelete: 'restrict' }),
    /** When a super-admin last moved the broker by hand: promotion rules count from then. */
    groupMovedAt: ts('group_moved_at'),
    /** The broker's own commission rate and minimum, before the group's, and why. */
    commissionRateOverride: numeric('commission_rate_override', {
      precision: 6,
      scale: 4,
      mode: 'number',
    }),
    commissionMinimumOverride: numeric('commission_minimum_override', {
      precision: 10,
      scale: 2,
      mode: 'number',
    }),
    commissionOverrideReason: text('commission_override_reason'),
    /** The team's labels on the broker (at most 10, each one line): filtered and exported. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    profileComplete: boolean('profile_complete').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    activationRequestedAt: ts('activation_requested_at'),
    /**
     * Why the account is not active, as the admin wrote it when deactivating it or refusing its
     * activation request (issue 34 item 3): the broker reads it. Cleared on activation.
     */
    inactiveReason: text('inactive_reason'),
    /** A message on the preferred channel when a referral's status changes. */
    notifyByMessage: boolean('notify_by_message').notNull().default(true),
    /** The broker asked not to receive the team's broadcasts (decision 079). */
    broadcastsMuted: boolean('broadcasts_muted').notNull().default(false),
    firstTimeOtpVerified: boolean('first_time_otp_verified').notNull().default(false),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('brokers_created_at_idx').on(t.createdAt),
    // The shared-IBAN signal's lookup.
    index('brokers_iban_idx').on(t.iban),
    index('brokers_active_idx').on(t.isActive, t.createdAt),
    // The brokers tab's tag filter and search (`tags @> array[…]`).
    index('brokers_tags_idx').using('gin', t.tags),
    index('brokers_activation_requested_idx')
      .on(t.activationRequestedAt)
      .where(sql`${t.isActive} = false and ${t.activationRequestedAt} is not null`),
    // Trigram indexes serve the admin searches `ILIKE '%term%'` (terms of three or more).
    index('brokers_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('brokers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('brokers_broker_code_trgm_idx').using('gin', sql`${t.brokerCode} gin_trgm_ops`),
    check(
      'brokers_fal_license_type_check',
      sql`${t.falLicenseType} is null or ${t.falLicenseType} in ${sqlList(FAL_LICENSE_TYPES)}`,
    ),
    check('brokers_tax_entity_check', sql`${t.taxEntity} in ${sqlList(TAX_ENTITIES)}`),
    check(
      'brokers_commission_override_check',
      sql`(${t.commissionRateOverride} is null or ${t.commissionRateOverride} between 0 and 0.2)
        and (${t.commissionMinimumOverride} is null or ${t.commissionMinimumOverride} >= 1)`,
    ),
    check(
      'brokers_fal_license_evidence_check',
      sql`${t.falLicenseEvidence} is null or ${t.falLicenseEvidence} in ${sqlList(FAL_LICENSE_EVIDENCE)}`,
    ),
  ],
);

/**
 * A note the program team wrote on a broker: read by admins only, never by the broker, kept for
 * good (no deletion, no cascade: a broker's row is retired, never deleted).
 */
export const brokerNotes = pgTable(
  'broker_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    authorId: uuid('author_id').references(() => brokers.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('broker_notes_broker_created_idx').on(t.brokerId, t.createdAt),
    // The brokers tab's search by a note's words (`ILIKE '%term%'`).
    index('broker_notes_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
);

/**
 * A reminder sent to a dormant broker (at most one in NUDGE_INTERVAL_DAYS per broker, and
 * NUDGES_PER_DAY across the platform): who sent it and when. Kept for good.
 */
export const brokerNudges = pgTable(
  'broker_nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    sentBy: uuid('sent_by').references(() => brokers.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('broker_nudges_broker_created_idx').on(t.brokerId, t.createdAt),
    index('broker_nudges_created_idx').on(t.createdAt),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    /** SHA-256 of the row id and the code: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** What the code is for: only the calls of that purpose accept it. */
    purpose: text('purpose').$type<OtpPurpose>().notNull().default('sign_in'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_phone_created_idx').on(t.phone, t.createdAt),
    check('otp_codes_purpose_check', sql`${t.purpose} in ${sqlList(OTP_PURPOSES)}`),
  ],
);

/**
 * A verified code, bound to the client that verified it: the browser holds a random token in a
 * short-lived HttpOnly cookie, and only its SHA-256 is here. Setting a password (create or
 * reset) needs it, once, for the same phone and purpose.
 */
export const otpVerifications = pgTable(
  'otp_verifications',
  {
    /** SHA-256 of the cookie token, hex. */
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('otp_verifications_purpose_check', sql`${t.purpose} in ('create','reset')`),
    index('otp_verifications_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Browsers an account has signed in from: a random token in a long-lived HttpOnly cookie, only
 * its SHA-256 here. A known browser is not held by the per-phone password delay a stranger can
 * cause (OWASP's device cookies), so nobody can keep the owner out by failing on purpose.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the cookie token, hex. */
    id: text('id').primaryKey(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('known_devices_broker_idx').on(t.brokerId)],
);

/**
 * Wrong one-time codes and wrong passwords, one row each, per phone: the guessing budget counts
 * them over any 24 hours, whatever the code, the address or the instance.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('auth_failures_kind_check', sql`${t.kind} in ('otp','password')`),
    index('auth_failures_phone_kind_created_idx').on(t.phone, t.kind, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex. */
    id: text('id').primaryKey(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_broker_idx').on(t.brokerId)],
);

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-facing referral number shown to admins. */
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    tenantPhone: text('tenant_phone').notNull(),
    propertyType: text('property_type'),
    city: text('city'),
    district: text('district'),
    notes: text('notes'),
    rentAmount: integer('rent_amount'),
    /** The annual rent of the signed contract, confirmed by an admin: the commission's base. */
    contractRent: integer('contract_rent'),
    status: text('status').$type<ReferralStatus>().notNull().default('pending_completion'),
    zohoLeadId: text('zoho_lead_id'),
    /** The lease's Ejar contract number, `20127868659/1` (decision 069). */
    contractId: text('contract_id'),
    /** The signed lease's first and last days, as Ejar records them. */
    contractStartsOn: date('contract_starts_on', { mode: 'string' }),
    contractEndsOn: date('contract_ends_on', { mode: 'string' }),
    formToken: text('form_token').notNull().unique(),
    /** Typed by the broker, or asked for by the tenant through the broker's link or its QR. */
    source: text('source').$type<ReferralSource>().notNull().default('typed'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the referral entered its status (a trigger keeps it: migration 0011). */
    statusChangedAt: ts('status_changed_at').notNull().defaultNow(),
    /**
     * The service promise's deadline in its stage, in Saudi working time (src/server/service-
     * clocks.ts); null for stages without a clock, and until it is computed after a change.
     */
    stageDueAt: ts('stage_due_at'),
  },
  (t) => [
    index('referrals_stage_due_idx').on(t.stageDueAt).where(sql`${t.stageDueAt} is not null`),
    index('referrals_stage_due_missing_idx')
      .on(t.statusChangedAt)
      .where(sql`${t.stageDueAt} is null and ${t.status} in ${sqlList(TIMED_STAGES)}`),
    check('referrals_status_check', sql`${t.status} in ${sqlList(REFERRAL_STATUS_KEYS)}`),
    check('referrals_source_check', sql`${t.source} in ${sqlList(REFERRAL_SOURCES)}`),
    check('referrals_rent_check', sql`${t.rentAmount} is null or ${t.rentAmount} >= 0`),
    check(
      'referrals_contract_rent_check',
      sql`${t.contractRent} is null or ${t.contractRent} >= 0`,
    ),
    index('referrals_broker_submitted_idx').on(t.brokerId, t.submittedAt),
    index('referrals_status_submitted_idx').on(t.status, t.submittedAt),
    // The admin list's order (newest submission, then number) and its keyset export.
    index('referrals_submitted_number_idx').on(t.submittedAt, t.number),
    index('referrals_tenant_phone_idx').on(t.tenantPhone),
    // The same lease on two referrals is found by its register number, whatever its version.
    index('referrals_contract_register_idx')
      .on(sql`split_part(${t.contractId}, '/', 1)`)
      .where(sql`${t.contractId} is not null`),
    index('referrals_tenant_phone_trgm_idx').using('gin', sql`${t.tenantPhone} gin_trgm_ops`),
    uniqueIndex('referrals_one_open_per_tenant_idx')
      .on(t.tenantPhone)
      .where(sql`${t.status} in ${OPEN_STATUSES_SQL}`),
  ],
);

/**
 * A bonus super-admins define (decision record 074): a fixed amount paid once to each broker who
 * signs `signed_contracts` contracts between two Riyadh days, both included. One that a broker
 * has reached is never deleted (its commissions point at it).
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    signedContracts: integer('signed_contracts').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    createdBy: uuid('created_by').references(() => brokers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Stopped by a super-admin before its end: nobody is paid it from then on. */
    closedAt: ts('closed_at'),
  },
  (t) => [
    check(
      'bonuses_bounds_check',
      sql`${t.signedContracts} between 1 and 1000 and ${t.amount} between 1 and 100000
        and ${t.endsOn} >= ${t.startsOn}`,
    ),
    index('bonuses_ends_on_idx').on(t.endsOn),
  ],
);

/**
 * A negative adjustment (decision record 074): money the broker owes, with the reason and the
 * admin, deducted from their next payments (`recovered_amount` of it so far). Never deleted, and
 * no cascade: a deduction is a money row.
 */
export const deductions = pgTable(
  'deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    recoveredAmount: numeric('recovered_amount', { precision: 10, scale: 2 })
      .notNull()
      .default('0'),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => brokers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('deductions_amount_check', sql`${t.amount} > 0`),
    check(
      'deductions_recovered_amount_check',
      sql`${t.recoveredAmount} >= 0 and ${t.recoveredAmount} <= ${t.amount}`,
    ),
    index('deductions_broker_created_idx').on(t.brokerId, t.createdAt),
  ],
);

/**
 * A brokerage office (decision 080): an establishment registered by its owner, a broker, by its
 * commercial registration, with where its members' commissions are transferred (`payout_to`:
 * the agent's IBAN or the office's `iban`) and the office's share of each, recorded on every
 * commission made while the agent is a member. Never deleted.
 */
export const offices = pgTable(
  'offices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references((): AnyPgColumn => brokers.id),
    name: text('name').notNull(),
    crNumber: text('cr_number').notNull(),
    payoutTo: text('payout_to').$type<OfficePayee>().notNull().default('agent'),
    sharePercent: integer('share_percent'),
    iban: text('iban'),
    /** When the office's IBAN last changed: its payouts wait as a broker's do (48 hours). */
    ibanChangedAt: ts('iban_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offices_cr_number_idx').on(t.crNumber),
    uniqueIndex('offices_owner_idx').on(t.ownerId),
    check('offices_payout_to_check', sql`${t.payoutTo} in ${sqlList(OFFICE_PAYEES)}`),
    check(
      'offices_share_check',
      sql`${t.sharePercent} is null or ${t.sharePercent} between 0 and 100`,
    ),
    check('offices_iban_check', sql`${t.payoutTo} = 'agent' or ${t.iban} is not null`),
  ],
);

/**
 * A broker's place in an office (decision 080): invited by phone (`broker_id` is set when the
 * invitation is answered), then active until the agent leaves or the owner removes them. A
 * broker is an active member of one office at most; the rows stay, so each referral is read
 * against the membership it was made in.
 */
export const officeMembers = pgTable(
  'office_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id),
    phone: text('phone').notNull(),
    brokerId: uuid('broker_id').references((): AnyPgColumn => brokers.id),
    role: text('role').$type<OfficeRole>().notNull(),
    status: text('status').$type<OfficeMemberStatus>().notNull(),
    invitedBy: uuid('invited_by').references((): AnyPgColumn => brokers.id),
    createdAt: createdAt(),
    joinedAt: ts('joined_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    check('office_members_role_check', sql`${t.role} in ${sqlList(OFFICE_ROLES)}`),
    check('office_members_status_check', sql`${t.status} in ${sqlList(OFFICE_MEMBER_STATUSES)}`),
    check(
      'office_members_active_check',
      sql`${t.status} <> 'active' or (${t.brokerId} is not null and ${t.joinedAt} is not null)`,
    ),
    uniqueIndex('office_members_active_idx').on(t.brokerId).where(sql`${t.status} = 'active'`),
    uniqueIndex('office_members_open_idx')
      .on(t.officeId, t.phone)
      .where(sql`${t.status} in ('invited','active')`),
    index('office_members_phone_idx').on(t.phone).where(sql`${t.status} = 'invited'`),
    index('office_members_broker_idx').on(t.brokerId),
  ],
);

export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    /**
     * What made it (decision record 074): a signed contract (`referral`), an admin's positive
     * adjustment or a bonus the broker reached.
     */
    kind: text('kind').$type<CommissionKind>().notNull().default('referral'),
    /**
     * The referral whose contract made it, for a `referral` commission only. Unique: exactly one
     * commission per referral, whatever the status changes.
     */
    referralId: uuid('referral_id')
      .unique()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    /** The bonus reached, for a `bonus` commission: once per broker and bonus. */
    bonusId: uuid('bonus_id').references(() => bonuses.id),
    /** Why an adjustment was made (the broker reads it), or the bonus's name as reached. */
    reason: text('reason'),
    /** The admin who added an adjustment. */
    createdBy: uuid('created_by').references(() => brokers.id, { onDelete: 'set null' }),
    /** The commission before VAT: every ledger figure (paid, recovered, payouts) is net. */
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    /**
     * The VAT on the amount: 15% when the broker's VAT registration was verified as the
     * commission was created (or re-priced, while nothing of it is paid), else 0 (decision 071).
     */
    vatAmount: numeric('vat_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    /** How much of the amount has been paid out; transfers may settle part of a commission. */
    paidAmount: numeric('paid_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    status: text('status').$type<CommissionStatus>().notNull().default('pending'),
    contractNumber: text('contract_number'),
    payoutId: uuid('transfer_request_id').references(() => payouts.id, {
      onDelete: 'set null',
    }),
    transferReference: text('transfer_reference'),
    paidAt: ts('paid_at'),
    /** When the holding period ends: an `on_hold` commission becomes payable then. */
    payableAt: ts('payable_at').notNull().defaultNow(),
    /** A reversal: when, why and by whom (status `reversed`). */
    reversedAt: ts('reversed_at'),
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => brokers.id, { onDelete: 'set null' }),
    /**
     * Of a reversed commission's paid amount, how much later payments have deducted: the rest
     * (paid_amount − recovered_amount) is still to be deducted from the broker's next payment.
     */
    recoveredAmount: numeric('recovered_amount', { precision: 10, scale: 2 })
      .notNull()
      .default('0'),
    /** On hold because an open fraud signal covers it (src/server/signals), not for time. */
    signalHold: boolean('signal_hold').notNull().default(false),
    /**
     * On hold because the broker's FAL licence was not verified and valid when it was created
     * (decision 070); lifted when an admin verifies the licence.
     */
    licenseHold: boolean('license_hold').notNull().default(false),
    /** When it should be paid by: three working days after `payable_at` (service clocks). */
    payDueAt: ts('pay_due_at'),
    /**
     * The rule that made it, as it was then (decision record 072): the broker's group, the rate,
     * minimum and holding period, and where each came from. Null for commissions made before.
     */
    rule: jsonb('rule').$type<AppliedRule>(),
    /**
     * The office the broker was an agent of when it was made (decision 080), the office's share
     * then (percent) and that share in riyals: a record between the office and its agent; the
     * money goes where the office's `payout_to` says when it is paid.
     */
    officeId: uuid('office_id').references(() => offices.id),
    officeSharePercent: integer('office_share_percent'),
    officeAmount: numeric('office_amount', { precision: 10, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('commissions_pay_due_idx')
      .on(t.payDueAt)
      .where(sql`${t.status} in ('pending','requested')`),
    index('commissions_pay_due_missing_idx')
      .on(t.createdAt)
      .where(sql`${t.payDueAt} is null and ${t.status} in ('on_hold','pending','requested')`),
    check('commissions_status_check', sql`${t.status} in ${sqlList(COMMISSION_STATUS_KEYS)}`),
    check('commissions_kind_check', sql`${t.kind} in ${sqlList(COMMISSION_KINDS)}`),
    check(
      'commissions_kind_source_check',
      sql`(${t.kind} = 'referral') = (${t.referralId} is not null)
        and (${t.kind} = 'bonus') = (${t.bonusId} is not null)
        and (${t.kind} = 'referral' or ${t.reason} is not null)`,
    ),
    uniqueIndex('commissions_bonus_broker_idx')
      .on(t.bonusId, t.brokerId)
      .where(sql`${t.bonusId} is not null`),
    check('commissions_amount_check', sql`${t.amount} > 0`),
    check(
      'commissions_office_share_check',
      sql`(${t.officeSharePercent} is null or ${t.officeSharePercent} between 0 and 100)
        and (${t.officeAmount} is null or (${t.officeAmount} >= 0 and ${t.officeAmount} <= ${t.amount}))
        and (${t.officeId} is not null or (${t.officeSharePercent} is null and ${t.officeAmount} is null))`,
    ),
    check('commissions_vat_amount_check', sql`${t.vatAmount} >= 0`),
    check(
      'commissions_paid_amount_check',
      sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`,
    ),
    check(
      'commissions_recovered_amount_check',
      sql`${t.recoveredAmount} >= 0 and ${t.recoveredAmount} <= ${t.paidAmount}`,
    ),
    index('commissions_broker_created_idx').on(t.brokerId, t.createdAt),
    index('commissions_status_created_idx').on(t.status, t.createdAt),
    index('commissions_created_idx').on(t.createdAt),
    index('commissions_transfer_request_idx').on(t.payoutId),
    // The release job's scan: held commissions by the end of their holding period.
    index('commissions_on_hold_payable_idx').on(t.payableAt).where(sql`${t.status} = 'on_hold'`),
  ],
);

/**
 * A payout's state as the database stores it: the draft keeps the name it was first stored
 * under, `open`, so no rewrite of the table is needed (docs/decisions/057-one-vocabulary.md);
 * everything above the schema says `draft`.
 */
const STORED_DRAFT = 'open';
export const storedPayoutStatus = (status: PayoutStatus): string =>
  status === 'draft' ? STORED_DRAFT : status;
export const payoutStatusOfStored = (stored: string): PayoutStatus =>
  (stored === STORED_DRAFT ? 'draft' : stored) as PayoutStatus;
const payoutStatusColumn = customType<{ data: PayoutStatus; driverData: string }>({
  dataType: () => 'text',
  toDriver: storedPayoutStatus,
  fromDriver: payoutStatusOfStored,
});

export const payouts = pgTable(
  'transfer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    /** The net amount the payout settles against the broker's commissions. */
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    /**
     * The VAT paid on top, fixed when the payout is made: 15% of the amount when the broker's
     * VAT registration was verified then, else 0. The bank file pays amount + VAT (decision 071).
     */
    vatAmount: numeric('vat_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    /** The broker's VAT number the VAT was charged under, for the tax invoice. */
    vatNumber: text('vat_number'),
    iban: text('iban').notNull(),
    /** The office whose IBAN it is paid to, when the broker's office chose so (decision 080). */
    officeId: uuid('office_id').references(() => offices.id),
    status: payoutStatusColumn('status').notNull().default(sql`'open'`),
    /** The broker's own request, or an admin's "pay everything due". */
    source: text('source').$type<PayoutSource>().notNull().default('request'),
    rejectionReason: text('rejection_reason'),
    /** The bank's reference, given when the payout is sent (or paid). */
    transferReference: text('transfer_reference'),
    approvedBy: uuid('approved_by').references(() => brokers.id, { onDelete: 'set null' }),
    approvedAt: ts('approved_at'),
    sentAt: ts('sent_at'),
    /** Why the bank returned it: the money is payable again. */
    failureReason: text('failure_reason'),
    /** The name the bank file gives, as it was when the payout was approved. */
    beneficiaryName: text('beneficiary_name'),
    /** The bank file that carried it (set when an approved payout is downloaded). */
    bankBatch: text('bank_batch'),
    handledBy: uuid('handled_by').references(() => brokers.id, { onDelete: 'set null' }),
    handledAt: ts('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'transfer_requests_status_check',
      sql`${t.status} in ${sqlList(PAYOUT_STATUSES.map(storedPayoutStatus))}`,
    ),
    check('transfer_requests_source_check', sql`${t.source} in ${sqlList(PAYOUT_SOURCES)}`),
    check('transfer_requests_amount_check', sql`${t.amount} > 0`),
    check('transfer_requests_vat_amount_check', sql`${t.vatAmount} >= 0`),
    index('transfer_requests_broker_created_idx').on(t.brokerId, t.createdAt),
    index('transfer_requests_status_created_idx').on(t.status, t.createdAt),
    index('transfer_requests_bank_batch_idx').on(t.bankBatch),
  ],
);

/**
 * The partner program's terms (decision record 075): each version as published, word for word,
 * by whom and when. Never changed nor deleted: a new version is a new row.
 */
export const programTerms = pgTable(
  'program_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: integer('version').notNull().unique(),
    body: text('body').notNull(),
    publishedBy: uuid('published_by').references(() => brokers.id, { onDelete: 'set null' }),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (t) => [check('program_terms_version_check', sql`${t.version} >= 1`)],
);

/**
 * A broker's acceptance of a version of the program terms: when and from where. Kept for good,
 * with no cascade (an account is retired, never deleted).
 */
export const programTermsAcceptances = pgTable(
  'program_terms_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    version: integer('version')
      .notNull()
      .references(() => programTerms.version),
    /** SHA-256 of the text as the broker was shown it: the version's row can be checked by it. */
    bodySha256: text('body_sha256').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('program_terms_acceptances_broker_version_idx').on(t.brokerId, t.version)],
);

/**
 * A key the provider's systems call the inbound API with (decision record 077). Only the
 * SHA-256 of the secret is kept: the secret is shown once, at creation. Never deleted, revoked:
 * the audit rows of its calls keep pointing at it.
 */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The key's first characters, shown to tell keys apart; never enough to use it. */
  prefix: text('prefix').notNull(),
  secretSha256: text('secret_sha256').notNull().unique(),
  scopes: text('scopes').array().notNull(),
  /** The last instant it works (the end of its last Riyadh day). */
  expiresAt: ts('expires_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => brokers.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  revokedBy: uuid('revoked_by').references(() => brokers.id),
});

/**
 * A state-changing inbound call made under an `Idempotency-Key` (decision record 077): the same
 * key again answers what the first call answered, and a different body under it is refused.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestSha256: text('request_sha256').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] })],
);

/**
 * A question super-admins ask every broker requesting activation (decision record 076). A
 * question is retired, never deleted: the answers given to it keep pointing at it.
 */
export const activationQuestions = pgTable(
  'activation_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prompt: text('prompt').notNull(),
    required: boolean('required').notNull(),
    createdBy: uuid('created_by').references(() => brokers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** When it stopped being asked; null while it is. */
    retiredAt: ts('retired_at'),
  },
  (t) => [
    index('activation_questions_asked_idx').on(t.createdAt).where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * A broker's answer to an activation question, with the question as they read it: the team reads
 * the request as it was, whatever the question became. Tied to the request by its time; erased
 * with the rest of a retired account's personal data.
 */
export const activationAnswers = pgTable(
  'activation_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    questionId: uuid('question_id')
      .notNull()
      .references(() => activationQuestions.id),
    prompt: text('prompt').notNull(),
    answer: text('answer').notNull(),
    /** The request these answers came with (brokers.activation_requested_at when it was made). */
    requestedAt: ts('requested_at').notNull(),
  },
  (t) => [
    index('activation_answers_broker_idx').on(t.brokerId, t.requestedAt),
    index('activation_answers_question_idx').on(t.questionId),
  ],
);

/**
 * A broadcast (decision 079): one text sent to every broker of an audience, each copy a message
 * of that broker's conversation; how many it reached and how many had muted broadcasts are
 * counted when it is sent. Never deleted.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => brokers.id),
    audience: text('audience').$type<BroadcastAudience>().notNull(),
    groupId: uuid('group_id').references(() => brokerGroups.id, { onDelete: 'set null' }),
    /** The group's name when it was sent: the history reads the same after the group is gone. */
    groupName: text('group_name'),
    city: text('city'),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    muted: integer('muted').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('broadcasts_audience_check', sql`${t.audience} in ${sqlList(BROADCAST_AUDIENCES)}`),
    index('broadcasts_created_idx').on(t.createdAt),
  ],
);

/**
 * A broker's conversation with the program team (decision 079): each message, written by the
 * broker or by a member of the team (`from_team`), optionally about one of the broker's
 * referrals, with at most one private attachment (a `stored_files` row of the broker's, erased
 * with the account; `attachment_type` says what was attached once it is gone). `read_at` is
 * when the other side first read it. Never deleted: it is the program's correspondence.
 */
export const brokerMessages = pgTable(
  'broker_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => brokers.id),
    fromTeam: boolean('from_team').notNull(),
    body: text('body').notNull(),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    broadcastId: uuid('broadcast_id').references(() => broadcasts.id),
    attachmentKey: text('attachment_key').references(() => storedFiles.key, {
      onDelete: 'set null',
    }),
    attachmentType: text('attachment_type'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'broker_messages_content_check',
      sql`char_length(${t.body}) <= 2000 and (char_length(${t.body}) > 0 or ${t.attachmentType} is not null)`,
    ),
    check(
      'broker_messages_attachment_check',
      sql`${t.attachmentType} is null or ${t.attachmentType} in ('pdf','jpg','png')`,
    ),
    index('broker_messages_broker_idx').on(t.brokerId, t.createdAt),
    index('broker_messages_broadcast_idx').on(t.broadcastId),
    index('broker_messages_referral_idx').on(t.referralId),
    index('broker_messages_latest_idx').on(t.createdAt),
    index('broker_messages_unread_idx').on(t.brokerId).where(sql`${t.readAt} is null`),
    index('broker_messages_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
  ],
);

/**
 * A broker's acceptance of the self-billing agreement (VAT Implementing Regulations art. 53
 * para. 2): the version and its text word for word, when, and from where. Kept for good: a
 * broker's row is never deleted (the account is retired), and none of these rows either.
 */
export const selfBillingAcceptances = pgTable(
  'self_billing_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('self_billing_acceptances_broker_idx').on(t.brokerId, t.acceptedAt)],
);

/**
 * The document a payment produced (decision 071): a self-billed tax invoice for a broker
 * registered for VAT, a payment statement for everyone else. Numbered without gaps per kind and
 * year (document_counters), stored whole as issued (`data`, with the UBL XML of an invoice),
 * and never deleted: a payout or a commission is retired, not removed, so no cascade here.
 */
export const paymentDocuments = pgTable(
  'payment_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    kind: text('kind').$type<PaymentDocumentKind>().notNull(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    /** The payout paid, or (a commission confirmed paid on its own) the commission. */
    payoutId: uuid('transfer_request_id').references(() => payouts.id),
    commissionId: uuid('commission_id').references(() => commissions.id),
    net: numeric('net', { precision: 10, scale: 2 }).notNull(),
    vatAmount: numeric('vat_amount', { precision: 10, scale: 2 }).notNull(),
    gross: numeric('gross', { precision: 10, scale: 2 }).notNull(),
    data: jsonb('data').$type<PaymentDocumentData>().notNull(),
    /** ZATCA's UBL 2.1 e-invoice beside a tax invoice, for the provider's Fatoora system. */
    xml: text('xml'),
    issuedAt: ts('issued_at').notNull(),
  },
  (t) => [
    check('payment_documents_kind_check', sql`${t.kind} in ${sqlList(PAYMENT_DOCUMENT_KINDS)}`),
    check(
      'payment_documents_source_check',
      sql`(${t.payoutId} is null) <> (${t.commissionId} is null)`,
    ),
    check('payment_documents_gross_check', sql`${t.gross} = ${t.net} + ${t.vatAmount}`),
    index('payment_documents_broker_issued_idx').on(t.brokerId, t.issuedAt),
    index('payment_documents_issued_idx').on(t.issuedAt),
    // One document per payment, whatever runs twice.
    uniqueIndex('payment_documents_transfer_request_idx')
      .on(t.payoutId)
      .where(sql`${t.payoutId} is not null`),
    uniqueIndex('payment_documents_commission_idx')
      .on(t.commissionId)
      .where(sql`${t.commissionId} is not null`),
  ],
);

/** The last number issued per document series and year: gap-free, taken under the row's lock. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const tenantForms = pgTable('tenant_forms', {
  id: uuid('id').primaryKey().defaultRandom(),
  referralId: uuid('referral_id')
    .notNull()
    .unique()
    .references(() => referrals.id, { onDelete: 'cascade' }),
  tenantPhone: text('tenant_phone').notNull(),
  name: text('name').notNull(),
  income: numeric('income', { precision: 12, scale: 2 }).notNull(),
  monthlyObligations: numeric('monthly_obligations', { precision: 12, scale: 2 }).notNull(),
  salaryDefinitionUrl: text('salary_definition_url'),
  creditReportUrl: text('credit_report_url'),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  updatedAt: updatedAt(),
});

/**
 * Each consent a tenant gave with their form: the exact text shown, its version, when, from which
 * address and through which channel (decision 068). Evidence: kept when the referral is deleted or
 * the tenant's data erased.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    tenantPhone: text('tenant_phone').notNull(),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    version: text('version').$type<ConsentVersion>().notNull(),
    text: text('text').notNull(),
    channel: text('channel').$type<ConsentChannel>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    givenAt: ts('given_at').notNull().defaultNow(),
  },
  (t) => [
    check('consents_purpose_check', sql`${t.purpose} in ${sqlList(CONSENT_PURPOSES)}`),
    check('consents_channel_check', sql`${t.channel} in ${sqlList(CONSENT_CHANNELS)}`),
    index('consents_referral_idx').on(t.referralId),
    index('consents_phone_idx').on(t.tenantPhone),
  ],
);

/**
 * A tenant's requests about their data (correction, erasure), made through their form link once
 * the phone's code was confirmed, answered within 30 days (decision 068). Kept once answered.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    kind: text('kind').$type<DataRequestKind>().notNull(),
    /** A correction's values, as the tenant typed them. */
    correction: jsonb('correction').$type<DataCorrection>(),
    note: text('note'),
    status: text('status').$type<DataRequestStatus>().notNull().default('open'),
    dueAt: ts('due_at').notNull(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => brokers.id, { onDelete: 'set null' }),
    /** Why a request was refused, told to the tenant. */
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    check('data_requests_kind_check', sql`${t.kind} in ${sqlList(DATA_REQUEST_KINDS)}`),
    check('data_requests_status_check', sql`${t.status} in ${sqlList(DATA_REQUEST_STATUSES)}`),
    index('data_requests_status_due_idx').on(t.status, t.dueAt),
    index('data_requests_referral_idx').on(t.referralId),
  ],
);

/**
 * A tenant's view of their own data, opened by a code sent to the referral's phone: a random
 * token in an HttpOnly cookie, only its SHA-256 here, for 15 minutes.
 */
export const dataAccessSessions = pgTable(
  'data_access_sessions',
  {
    /** SHA-256 of the cookie token, hex. */
    id: text('id').primaryKey(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('data_access_sessions_referral_idx').on(t.referralId)],
);

/** Documents uploaded through a tenant-form link; the bytes live in the file storage. */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    /** A tenant's document belongs to its referral; a broker's licence copy to the broker. */
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'cascade' }),
    brokerId: uuid('broker_id').references((): AnyPgColumn => brokers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'stored_files_kind_check',
      sql`${t.kind} in ('salary','credit','fal_license','vat_certificate','message')`,
    ),
    check('stored_files_owner_check', sql`(${t.referralId} is null) <> (${t.brokerId} is null)`),
    index('stored_files_referral_idx').on(t.referralId),
  ],
);

export const systemConfig = pgTable('system_config', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  description: text('description'),
  updatedBy: uuid('updated_by').references(() => brokers.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Fraud and duplicate signals: recorded with their reason, kept for good.
 * `scope` says what money an open signal holds: the referral's commission, or none (a refused
 * attempt).
 */
/** One visitor of a broker's link on one Riyadh day: visits count each once a day. */
export const referralLinkVisits = pgTable(
  'referral_link_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** A digest of the visitor's address and browser with the day: no address is kept. */
    visitor: text('visitor').notNull(),
    source: text('source').$type<ReferralSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_link_visits_once_a_day_idx').on(t.brokerId, t.day, t.visitor),
    check('referral_link_visits_source_check', sql`${t.source} in ('link','qr')`),
  ],
);

/**
 * Codes a broker's link had before a new one (decision record 059): the tenant who opens an old
 * link or QR code is told it was replaced, not that it never existed. Never reissued.
 */
export const retiredLinkCodes = pgTable('retired_link_codes', {
  code: text('code').primaryKey(),
  // Restrict, not cascade: a retired code outlives its broker's row, so it is never issued again.
  brokerId: uuid('broker_id')
    .notNull()
    .references(() => brokers.id, { onDelete: 'restrict' }),
  retiredAt: ts('retired_at').notNull().defaultNow(),
});

export const fraudSignals = pgTable(
  'fraud_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<SignalKind>().notNull(),
    /** One signal per cause: a repeated cause records nothing new. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    scope: text('scope').$type<SignalScope>().notNull(),
    /** What was noticed, in Arabic, for the admins. */
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<SignalStatus>().notNull().default('open'),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => brokers.id, { onDelete: 'set null' }),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('fraud_signals_kind_check', sql`${t.kind} in ${sqlList(SIGNAL_KINDS)}`),
    check('fraud_signals_status_check', sql`${t.status} in ${sqlList(SIGNAL_STATUSES)}`),
    check('fraud_signals_scope_check', sql`${t.scope} in ${sqlList(SIGNAL_SCOPES)}`),
    index('fraud_signals_status_created_idx').on(t.status, t.createdAt),
    index('fraud_signals_broker_idx').on(t.brokerId),
    index('fraud_signals_referral_idx').on(t.referralId),
  ],
);
export type FraudSignal = typeof fraudSignals.$inferSelect;

/** Saudi public holidays, edited by super-admins: no working time is counted on them. */
export const publicHolidays = pgTable('public_holidays', {
  /** The Riyadh calendar day. */
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdBy: uuid('created_by').references(() => brokers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const shortLinks = pgTable('short_links', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  originalUrl: text('original_url').notNull(),
  referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => brokers.id, { onDelete: 'set null' }),
    /** Kept even when the actor is deleted, so the log still says who. */
    actorPhone: text('actor_phone'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    /** The API key that made the call (decision 077), for a call of the inbound API. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * Personal-data incidents (breaches) super-admins record, with the 72-hour clock to SDAIA and the
 * notices given (decision record 067). Rows are never deleted; every change is audited.
 */
export const dataIncidents = pgTable(
  'data_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** What happened, in the recorder's words. */
    description: text('description').notNull(),
    dataCategories: text('data_categories').array().$type<DataIncidentCategory[]>().notNull(),
    /** About how many people are affected. */
    affectedCount: integer('affected_count').notNull(),
    /** When the provider became aware of it: the 72 hours run from here. */
    discoveredAt: ts('discovered_at').notNull(),
    occurredAt: ts('occurred_at'),
    // Restrict: accounts are retired, never removed, and the register keeps who recorded it.
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => brokers.id, { onDelete: 'restrict' }),
    sdaiaNotice: text('sdaia_notice').$type<DataIncidentNotice>().notNull().default('pending'),
    sdaiaNotifiedAt: ts('sdaia_notified_at'),
    /** The reference SDAIA's platform gave the notification, when it gave one. */
    sdaiaReference: text('sdaia_reference'),
    subjectsNotice: text('subjects_notice')
      .$type<DataIncidentNotice>()
      .notNull()
      .default('pending'),
    subjectsNotifiedAt: ts('subjects_notified_at'),
    /** Containment and the measures taken. */
    measures: text('measures'),
    status: text('status').$type<DataIncidentStatus>().notNull().default('open'),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'data_incidents_categories_check',
      sql`cardinality(${t.dataCategories}) > 0 and ${t.dataCategories} <@ ${sqlArray(DATA_INCIDENT_CATEGORIES)}`,
    ),
    check('data_incidents_affected_count_check', sql`${t.affectedCount} >= 0`),
    check('data_incidents_status_check', sql`${t.status} in ${sqlList(DATA_INCIDENT_STATUSES)}`),
    check(
      'data_incidents_sdaia_notice_check',
      sql`${t.sdaiaNotice} in ${sqlList(DATA_INCIDENT_NOTICES)}`,
    ),
    check(
      'data_incidents_subjects_notice_check',
      sql`${t.subjectsNotice} in ${sqlList(DATA_INCIDENT_NOTICES)}`,
    ),
    // A notice given has its time, and only a notice given has one; a closed incident its closing.
    check(
      'data_incidents_sdaia_notified_at_check',
      sql`(${t.sdaiaNotice} = 'notified') = (${t.sdaiaNotifiedAt} is not null)`,
    ),
    check(
      'data_incidents_subjects_notified_at_check',
      sql`(${t.subjectsNotice} = 'notified') = (${t.subjectsNotifiedAt} is not null)`,
    ),
    check(
      'data_incidents_closed_at_check',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`,
    ),
    index('data_incidents_created_idx').on(t.createdAt),
  ],
);
export type DataIncident = typeof dataIncidents.$inferSelect;

/**
 * Where signed webhooks go, managed by super-admins. The secret signs every
 * request (HMAC-SHA256); it is shown once, when made or rotated, and never answered again. A
 * deleted endpoint is kept (deleted_at) so its delivery log still names it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => brokers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    check(
      'webhook_endpoints_events_check',
      sql`cardinality(${t.events}) > 0 and ${t.events} <@ ${sqlArray(WEBHOOK_EVENTS)}`,
    ),
  ],
);
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/**
 * The outbox: every message and CRM call, written in the transaction of the change that causes
 * it, sent by the worker (src/server/messaging/outbox.ts) outside any transaction.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    kind: text('kind').$type<OutboxKind>().notNull(),
    /** One row per cause and channel: a second insert of the same cause does nothing. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    recipient: text('recipient').notNull(),
    /** The SMS text; for WhatsApp the same text, sent through `payload`'s template. */
    body: text('body').notNull(),
    /** WhatsApp: `{template, parameters}`; CRM: the lead's fields. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: the claim expires then, and another worker may take the row. */
    leaseUntil: ts('lease_until'),
    /** Which claim the row is under: a worker records its outcome only on its own claim. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    errorKind: text('error_kind').$type<(typeof FAILURE_KINDS)[number]>(),
    providerMessageId: text('provider_message_id'),
    /** The row whose failure this one stands in for (fallback to the other channel). */
    fallbackOf: uuid('fallback_of'),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'cascade' }),
    /** A webhook row's endpoint (its secret is read when the row is sent, so a rotation applies). */
    webhookEndpointId: uuid('webhook_endpoint_id').references(() => webhookEndpoints.id),
    sentAt: ts('sent_at'),
    /**
     * When an attempt ended without knowing whether the provider took the message (no answer
     * in time, or the connection lost after the request): the next attempt first asks the
     * provider, where it can be asked, instead of sending blindly (decision 056).
     */
    unconfirmedAt: ts('unconfirmed_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbound_messages_channel_check', sql`${t.channel} in ${sqlList(OUTBOX_CHANNELS)}`),
    check('outbound_messages_kind_check', sql`${t.kind} in ${sqlList(OUTBOX_KINDS)}`),
    check('outbound_messages_status_check', sql`${t.status} in ${sqlList(OUTBOX_STATUSES)}`),
    index('outbound_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued','sending')`),
    index('outbound_messages_referral_idx').on(t.referralId),
    index('outbound_messages_provider_id_idx').on(t.providerMessageId),
    index('outbound_messages_created_idx').on(t.createdAt),
    index('outbound_messages_recipient_idx').on(t.recipient),
    index('outbound_messages_webhook_idx')
      .on(t.webhookEndpointId, t.createdAt)
      .where(sql`${t.webhookEndpointId} is not null`),
  ],
);

/** The product's WhatsApp templates as Meta last reported them (set-up, webhook, listing). */
export const whatsappTemplates = pgTable('whatsapp_templates', {
  name: text('name').primaryKey(),
  language: text('language').notNull(),
  status: text('status').$type<TemplateStatus>().notNull(),
  category: text('category').notNull(),
  content: text('content').notNull(),
  reason: text('reason'),
  updatedAt: updatedAt(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    type: text('type').$type<'success' | 'error' | 'warning' | 'info'>().notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_type_check', sql`${t.type} in ('success','error','warning','info')`),
    index('notifications_broker_created_idx').on(t.brokerId, t.createdAt),
    index('notifications_unread_idx').on(t.brokerId).where(sql`${t.readAt} is null`),
  ],
);

/** Fixed-window counters shared by every instance (login, OTP and form rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

export type Broker = typeof brokers.$inferSelect;
export type Referral = typeof referrals.$inferSelect;
export type OutboundMessage = typeof outboundMessages.$inferSelect;
