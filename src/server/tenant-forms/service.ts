import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  affordability,
  brokerNameForTenants,
  CONSENT_PURPOSES,
  type ConsentPurpose,
  checkedFalLicense,
  cleanText,
  consentSegments,
  consentText,
  TENANT_DOCUMENT_KINDS,
  type TenantDocumentKind,
  type TenantFormBody,
} from '#domain';
import { type AuditRecorder, type AuditWriter, audit } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import {
  brokers,
  consents,
  type Referral,
  referrals,
  storedFiles,
  tenantForms,
} from '../db/schema.js';
import { AppError } from '../errors.js';
import { queueStatusChange } from '../messaging/status-messages.js';
import { notify } from '../notifications/service.js';
import { fillDeadlinesAfterCommit } from '../service-clocks.js';
import { queueWebhookEvent } from '../webhooks/events.js';

/** A link stops working 30 days after the referral, or once the referral is closed. */
const LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export const invalidLink = () =>
  new AppError(404, 'INVALID_LINK', 'الرابط غير صالح أو منتهي الصلاحية');
const expiredLink = () => new AppError(410, 'EXPIRED_LINK', 'الرابط غير صالح أو منتهي الصلاحية');

/** The referral a form token names, whatever its state. */
export async function referralByToken(
  db: Pick<Database, 'select'>,
  token: string,
): Promise<Referral | undefined> {
  const [referral] = await db
    .select()
    .from(referrals)
    .where(eq(referrals.formToken, token))
    .limit(1);
  return referral;
}

/** The referral behind a form token, if the link is still good. */
export async function referralForToken(
  db: Pick<Database, 'select'>,
  token: string,
): Promise<Referral> {
  const referral = await referralByToken(db, token);
  if (!referral) throw invalidLink();
  const closed = referral.status === 'rejected' || referral.status === 'cancelled';
  const old = Date.now() - referral.createdAt.getTime() > LINK_LIFETIME_MS;
  if (closed || (old && referral.status === 'pending_completion')) throw expiredLink();
  return referral;
}

export async function hasSubmitted(db: Database, referralId: string): Promise<boolean> {
  const [form] = await db
    .select({ id: tenantForms.id })
    .from(tenantForms)
    .where(eq(tenantForms.referralId, referralId))
    .limit(1);
  return Boolean(form);
}

/**
 * Stores the tenant's form and moves the referral to review, atomically. The form can be sent
 * once: whoever holds the link afterwards cannot overwrite it (decision record 004). The
 * messages, webhook event and audit row the submission causes are written in its transaction;
 * once committed the outbox is woken, the review's deadline set and the broker told.
 */
export async function submitTenantForm(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels' | 'outbox'>,
  body: TenantFormBody,
  {
    record,
    log,
    visitor,
  }: {
    record: AuditRecorder;
    log: FastifyBaseLogger;
    /** Where the consents came from, kept with them as evidence. */
    visitor: { ip: string; userAgent: string | undefined };
  },
): Promise<Referral> {
  const { db } = ctx;
  const referral = await db.transaction(async (tx) => {
    const [referral] = await tx
      .select()
      .from(referrals)
      .where(eq(referrals.formToken, body.token))
      .for('update');
    if (!referral || referral.id !== body.referralId) throw invalidLink();
    await referralForToken(tx, body.token);
    const [existing] = await tx
      .select({ id: tenantForms.id })
      .from(tenantForms)
      .where(eq(tenantForms.referralId, referral.id));
    if (existing || referral.status !== 'pending_completion') {
      throw new AppError(
        409,
        'ALREADY_SUBMITTED',
        'تم استلام بياناتك مسبقاً، ولا يمكن تعديلها عبر هذا الرابط',
      );
    }
    // Uploaded documents must be this referral's own uploads.
    const uploads = [body.salaryDefinitionUrl, body.creditReportUrl]
      .filter((ref): ref is string => Boolean(ref?.startsWith('upload:')))
      .map((ref) => ref.slice('upload:'.length));
    if (uploads.length > 0) {
      const owned = await tx
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(and(eq(storedFiles.referralId, referral.id), inArray(storedFiles.key, uploads)));
      if (owned.length !== new Set(uploads).size) {
        throw new AppError(400, 'UNKNOWN_DOCUMENT', 'الملف المرفق غير موجود، يرجى رفعه مرة أخرى');
      }
    }
    await tx.insert(tenantForms).values({
      referralId: referral.id,
      tenantPhone: referral.tenantPhone,
      name: body.name,
      income: body.income.toFixed(2),
      monthlyObligations: body.monthlyObligations.toFixed(2),
      salaryDefinitionUrl: body.salaryDefinitionUrl ?? null,
      creditReportUrl: body.creditReportUrl ?? null,
    });
    // The consents as the form showed them, built here from the version it names (decision 068).
    const { brokerName } = await referringBroker(tx, referral.brokerId);
    const wording = consentSegments(body.consentVersion, {
      productName: ctx.config.brand.productName,
      brokerName,
    });
    await tx.insert(consents).values(
      CONSENT_PURPOSES.map((purpose) => ({
        referralId: referral.id,
        tenantPhone: referral.tenantPhone,
        purpose,
        version: body.consentVersion,
        text: consentText(wording[purpose]),
        channel: 'tenant_form' as const,
        ip: visitor.ip,
        userAgent: visitor.userAgent ? cleanText(visitor.userAgent).slice(0, 300) : null,
      })),
    );
    const [updated] = await tx
      .update(referrals)
      .set({ status: 'under_review', updatedAt: new Date() })
      .where(eq(referrals.id, referral.id))
      .returning();
    if (!updated) throw invalidLink();
    await queueStatusChange(tx, ctx, referral, updated);
    await queueWebhookEvent(tx, 'tenant_form.submitted', {
      referral: { id: updated.id, number: updated.number, tenantPhone: updated.tenantPhone },
    });
    // In the submission's transaction: a crash after the commit cannot lose the audit row.
    await record(tx, {
      action: 'tenant_form.submit',
      entityType: 'referral',
      entityId: updated.id,
      after: { status: updated.status, consentVersion: body.consentVersion },
    });
    return updated;
  });
  ctx.outbox.kick();
  // The review's deadline, in working time.
  await fillDeadlinesAfterCommit(db, log);
  await notify(db, referral.brokerId, {
    type: 'success',
    title: 'أكمل المستأجر بياناته',
    message: `أرسل المستأجر ${referral.tenantPhone} بياناته، والطلب الآن قيد المراجعة.`,
    link: `/referral/${referral.id}`,
  });
  return referral;
}

/**
 * What admins see of a document: an audited path to it, the download of an upload or the
 * redirect to a typed link (src/server/files/routes.ts).
 */
function documentHref(
  referralId: string,
  kind: TenantDocumentKind,
  ref: string | null,
): string | null {
  if (!ref) return null;
  return ref.startsWith('upload:')
    ? `/api/files/${ref.slice('upload:'.length)}`
    : `/api/files/links/${referralId}/${kind}`;
}

type TenantForm = typeof tenantForms.$inferSelect;

const documentRefs = (form: TenantForm): Record<TenantDocumentKind, string | null> => ({
  salary: form.salaryDefinitionUrl,
  credit: form.creditReportUrl,
});

/** What a tenant's submission says of them, as the console and the inbound API name it. */
export const submittedFigures = (form: TenantForm) => ({
  fullName: form.name,
  phone: form.tenantPhone,
  monthlyIncome: form.income,
  monthlyObligations: form.monthlyObligations,
  submittedAt: form.submittedAt.toISOString(),
});

/** Both of a form's document paths for admins, by the names the admin contract uses. */
export function documentHrefs(form: TenantForm) {
  const refs = documentRefs(form);
  return {
    salaryReportUrl: documentHref(form.referralId, 'salary', refs.salary),
    creditReportUrl: documentHref(form.referralId, 'credit', refs.credit),
  };
}

/**
 * What the referring broker learns of a tenant's submission (decision 066): the name, the
 * affordability verdict without the figures behind it, and which documents were provided and
 * when: an upload on the day it was uploaded, a typed link with the form. Never the salary, the
 * obligations or a document itself: SIMAH's members may not pass a credit report on, and the
 * broker needs none of it to follow the referral (PDPL's minimisation).
 */
export async function brokerTenantView(
  db: Pick<Database, 'select'>,
  form: TenantForm,
  annualRent: number | null,
) {
  return {
    name: form.name,
    submittedAt: form.submittedAt.toISOString(),
    affordability:
      affordability({
        monthlyIncome: form.income,
        monthlyObligations: form.monthlyObligations,
        annualRent,
      })?.level ?? null,
    documents: await providedDocuments(db, form),
  };
}

/**
 * Which of a form's documents were provided, and when: an upload on the day it was uploaded
 * (one read of the uploads' rows), a typed link with the form.
 */
export async function providedDocuments(db: Pick<Database, 'select'>, form: TenantForm) {
  const refs = documentRefs(form);
  const keys = TENANT_DOCUMENT_KINDS.flatMap((kind) => {
    const ref = refs[kind];
    return ref?.startsWith('upload:') ? [ref.slice('upload:'.length)] : [];
  });
  const uploaded =
    keys.length === 0
      ? []
      : await db
          .select({ key: storedFiles.key, createdAt: storedFiles.createdAt })
          .from(storedFiles)
          .where(inArray(storedFiles.key, keys));
  const uploadedAt = new Map(uploaded.map((file) => [`upload:${file.key}`, file.createdAt]));
  return TENANT_DOCUMENT_KINDS.flatMap((kind) => {
    const ref = refs[kind];
    if (!ref) return [];
    const providedAt = uploadedAt.get(ref) ?? form.submittedAt;
    return [{ kind, providedAt: providedAt.toISOString() }];
  });
}

/**
 * Records that a tenant's submitted data (name, income, obligations, documents) was shown to
 * someone: who, from where and for which referral, so access to it can be answered for.
 */
export function auditTenantFormView(
  db: AuditWriter,
  request: FastifyRequest,
  referralId: string,
  fields: readonly string[],
): Promise<void> {
  return audit(db, request, {
    action: 'tenant_form.view',
    entityType: 'referral',
    entityId: referralId,
    after: { fields },
  });
}

/** The fields of a tenant's submission each reader is shown, as the audit records them. */
export const TENANT_FORM_FIELDS_SHOWN = {
  admin: ['name', 'income', 'monthlyObligations', 'documents'],
  broker: ['name', 'affordability', 'documentsProvided'],
  /** The inbound API's `referrals:tenant-data` (decision 077). */
  inbound: ['name', 'phone', 'income', 'monthlyObligations'],
} as const;

/**
 * The referring broker as the form shows them: the name a tenant may see (null when missing or
 * refused, never the broker code), for the consent, and the FAL licence, public on the broker's
 * own link too (checked again as shown).
 */
export async function referringBroker(
  db: Pick<Database, 'select'>,
  brokerId: string,
): Promise<{ brokerName: string | null; brokerFalLicense: string | null }> {
  const [broker] = await db
    .select({ fullName: brokers.fullName, falLicense: brokers.falLicense })
    .from(brokers)
    .where(eq(brokers.id, brokerId))
    .limit(1);
  if (!broker) throw invalidLink();
  return {
    brokerName: brokerNameForTenants(broker.fullName),
    brokerFalLicense: checkedFalLicense(broker.falLicense),
  };
}

/** The consents given with a referral's form, as an admin reads them (decision 068). */
export async function consentsOf(db: Pick<Database, 'select'>, referralId: string) {
  const rows = await db
    .select()
    .from(consents)
    .where(eq(consents.referralId, referralId))
    .orderBy(consents.givenAt);
  // In the form's order: the data sharing, then the credit enquiry.
  const order = (purpose: ConsentPurpose) => CONSENT_PURPOSES.indexOf(purpose);
  rows.sort(
    (a, b) => a.givenAt.getTime() - b.givenAt.getTime() || order(a.purpose) - order(b.purpose),
  );
  return rows.map((row) => ({
    purpose: row.purpose,
    version: row.version,
    text: row.text,
    channel: row.channel,
    givenAt: row.givenAt.toISOString(),
    ip: row.ip,
  }));
}
