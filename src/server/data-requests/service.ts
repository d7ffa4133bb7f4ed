import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ResponseOf } from '#contract/common';
import type { dataRequestEndpoints } from '#contract/data-requests';
import {
  DATA_ACCESS_MINUTES,
  DATA_REQUEST_DAYS,
  type DataRequestBody,
  type DataRequestStatus,
  erasedTenantPhone,
  isErasedTenantPhone,
  OPEN_REFERRAL_STATUSES,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database, Transaction } from '../db/client.js';
import {
  brokerMessages,
  consents,
  dataAccessSessions,
  dataRequests,
  notifications,
  outboundMessages,
  type Referral,
  referrals,
  storedFiles,
  tenantForms,
} from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { deleteDocumentRows } from '../files/deletion.js';
import { lockBroker } from '../ledger/locks.js';
import { notifyAdmins } from '../notifications/service.js';
import {
  consentsOf,
  providedDocuments,
  referralByToken,
  referringBroker,
} from '../tenant-forms/service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const linkNotFound = () => notFound('الرابط غير صالح أو منتهي الصلاحية');
export const accessClosed = () =>
  new AppError(401, 'DATA_ACCESS_CLOSED', 'انتهت مدة الاطلاع على بياناتك، يرجى طلب رمز جديد');
const requestNotFound = () => notFound('الطلب غير موجود');

/**
 * The referral behind a form link, for the tenant's rights: unlike the form, the link keeps
 * working after the referral closes or the form's 30 days, since the rights outlive both; an
 * erased referral's link names nothing (its token was replaced).
 */
export async function referralForRights(
  db: Pick<Database, 'select'>,
  token: string,
): Promise<Referral> {
  const referral = await referralByToken(db, token);
  if (!referral || isErasedTenantPhone(referral.tenantPhone)) throw linkNotFound();
  return referral;
}

/** Opens the tenant's view for DATA_ACCESS_MINUTES: the cookie's token, only its hash kept. */
export async function openDataAccess(db: Database, referralId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .delete(dataAccessSessions)
    .where(
      and(eq(dataAccessSessions.referralId, referralId), lt(dataAccessSessions.expiresAt, now)),
    );
  await db.insert(dataAccessSessions).values({
    id: hashToken(token),
    referralId,
    expiresAt: new Date(now.getTime() + DATA_ACCESS_MINUTES * 60 * 1000),
  });
  return token;
}

/** Removes every tenant's view whose 15 minutes are over (the hourly housekeeping). */
export async function pruneDataAccessSessions(db: Database): Promise<void> {
  await db.delete(dataAccessSessions).where(lt(dataAccessSessions.expiresAt, new Date()));
}

/** Whether the cookie's token opens this referral's data now. */
export async function hasDataAccess(
  db: Pick<Database, 'select'>,
  referralId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const [session] = await db
    .select({ id: dataAccessSessions.id })
    .from(dataAccessSessions)
    .where(
      and(
        eq(dataAccessSessions.id, hashToken(token)),
        eq(dataAccessSessions.referralId, referralId),
        gt(dataAccessSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(session);
}

type DataRequestRow = typeof dataRequests.$inferSelect;

const requestView = (row: DataRequestRow) => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  correction: row.correction ?? null,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  resolution: row.resolution,
});

/** Everything held on the tenant through this referral, as they see it. */
export async function dataHeld(
  db: Database,
  referral: Referral,
): Promise<ResponseOf<typeof dataRequestEndpoints.read>> {
  const [form] = await db
    .select()
    .from(tenantForms)
    .where(eq(tenantForms.referralId, referral.id))
    .limit(1);
  const [{ brokerName }, given, requests, documents] = await Promise.all([
    referringBroker(db, referral.brokerId),
    consentsOf(db, referral.id),
    db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.referralId, referral.id))
      .orderBy(desc(dataRequests.createdAt)),
    form ? providedDocuments(db, form) : [],
  ]);
  return {
    phone: referral.tenantPhone,
    referral: {
      number: referral.number,
      status: referral.status,
      createdAt: referral.createdAt.toISOString(),
      rent: referral.rentAmount,
      city: referral.city,
      brokerName,
    },
    form: form
      ? {
          name: form.name,
          income: form.income,
          monthlyObligations: form.monthlyObligations,
          submittedAt: form.submittedAt.toISOString(),
          documents,
        }
      : null,
    consents: given.map(({ purpose, text, givenAt }) => ({ purpose, text, givenAt })),
    requests: requests.map(requestView),
  };
}

/**
 * Records a tenant's correction or erasure request with its 30-day deadline, one open request
 * of each kind at a time, and tells the operations team.
 */
export async function createDataRequest(
  db: Database,
  referral: Referral,
  body: DataRequestBody,
  record: AuditRecorder,
) {
  const row = await db.transaction(async (tx) => {
    await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.id, referral.id))
      .for('update');
    const [open] = await tx
      .select({ id: dataRequests.id })
      .from(dataRequests)
      .where(
        and(
          eq(dataRequests.referralId, referral.id),
          eq(dataRequests.kind, body.kind),
          eq(dataRequests.status, 'open'),
        ),
      )
      .limit(1);
    if (open) {
      throw new AppError(409, 'DATA_REQUEST_OPEN', 'لديك طلب من هذا النوع قيد المعالجة');
    }
    if (body.kind === 'correction') {
      const [form] = await tx
        .select({ id: tenantForms.id })
        .from(tenantForms)
        .where(eq(tenantForms.referralId, referral.id));
      if (!form) {
        throw new AppError(409, 'NOTHING_TO_CORRECT', 'لم ترسل بيانات بعد، فلا شيء لتصحيحه');
      }
    }
    const now = new Date();
    const [created] = await tx
      .insert(dataRequests)
      .values({
        referralId: referral.id,
        kind: body.kind,
        correction: body.kind === 'correction' ? body.correction : null,
        note: body.note || null,
        createdAt: now,
        dueAt: new Date(now.getTime() + DATA_REQUEST_DAYS * DAY_MS),
      })
      .returning();
    if (!created) throw new Error('data request not inserted');
    await record(tx, {
      action: 'data_request.create',
      entityType: 'referral',
      entityId: referral.id,
      after: { request: created.id, kind: created.kind },
    });
    return created;
  });
  await notifyAdminsOfRequest(db, row);
  return requestView(row);
}

async function notifyAdminsOfRequest(db: Database, row: DataRequestRow): Promise<void> {
  await notifyAdmins(db, {
    type: 'warning',
    title: 'طلب جديد من مستأجر بشأن بياناته',
    message:
      row.kind === 'erasure'
        ? 'طلب مستأجر حذف بياناته، ويجب الرد خلال ٣٠ يوماً.'
        : 'طلب مستأجر تصحيح بياناته، ويجب الرد خلال ٣٠ يوماً.',
    link: '/admin?tab=data-requests',
  });
}

// ---------- the console ----------

const adminColumns = {
  request: dataRequests,
  referralNumber: referrals.number,
  current: {
    name: tenantForms.name,
    income: tenantForms.income,
    monthlyObligations: tenantForms.monthlyObligations,
  },
};

type AdminRow = {
  request: DataRequestRow;
  referralNumber: number | null;
  current: { name: string; income: string; monthlyObligations: string } | null;
};

/**
 * Whole days to the deadline, a part day counted as a day: 30 when it arrives, 1 on its last
 * day, −1 from the moment the deadline has passed (never 0, nor −0).
 */
const daysLeft = (dueAt: Date, now: Date): number => {
  const ms = dueAt.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : -Math.max(1, Math.ceil(-ms / DAY_MS));
};

const adminView = (row: AdminRow, now: Date) => ({
  ...requestView(row.request),
  referralId: row.request.referralId,
  referralNumber: row.referralNumber,
  daysLeft: row.request.status === 'open' ? daysLeft(row.request.dueAt, now) : null,
  current: row.current,
});

const adminQuery = (db: Pick<Database, 'select'>) =>
  db
    .select(adminColumns)
    .from(dataRequests)
    .leftJoin(referrals, eq(referrals.id, dataRequests.referralId))
    .leftJoin(tenantForms, eq(tenantForms.referralId, dataRequests.referralId));

/** The queue: open requests first by deadline, then the answered ones, newest first (200 at most). */
export async function listDataRequests(db: Database, status: DataRequestStatus | undefined) {
  const rows = await adminQuery(db)
    .where(status ? eq(dataRequests.status, status) : undefined)
    .orderBy(
      sql`${dataRequests.status} = 'open' desc`,
      sql`case when ${dataRequests.status} = 'open' then ${dataRequests.dueAt} end asc`,
      desc(dataRequests.createdAt),
    )
    .limit(200);
  const now = new Date();
  return { items: rows.map((row) => adminView(row, now)) };
}

async function adminRequest(db: Pick<Database, 'select'>, id: string) {
  const [row] = await adminQuery(db).where(eq(dataRequests.id, id)).limit(1);
  if (!row) throw requestNotFound();
  return adminView(row, new Date());
}

/** The request, locked and still open; of the kind an answer needs, when it needs one. */
async function openRequest(tx: Transaction, id: string, kind?: DataRequestRow['kind']) {
  const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
  if (!row) throw requestNotFound();
  if (row.status !== 'open') {
    throw new AppError(409, 'DATA_REQUEST_ANSWERED', 'سبق الرد على هذا الطلب');
  }
  if (kind && row.kind !== kind) {
    throw new AppError(409, 'DATA_REQUEST_KIND', 'هذا الإجراء لا يناسب نوع الطلب');
  }
  return row;
}

const answered = (
  adminId: string,
  status: DataRequestStatus,
  resolution: string | null = null,
) => ({
  status,
  resolvedAt: new Date(),
  resolvedBy: adminId,
  resolution,
});

/** Applies a correction to the tenant's form, with the values before and after on record. */
export async function applyCorrection(
  db: Database,
  id: string,
  adminId: string,
  record: AuditRecorder,
) {
  await db.transaction(async (tx) => {
    const row = await openRequest(tx, id, 'correction');
    const [form] = row.referralId
      ? await tx
          .select()
          .from(tenantForms)
          .where(eq(tenantForms.referralId, row.referralId))
          .for('update')
      : [];
    if (!form || !row.correction) {
      throw new AppError(409, 'NOTHING_TO_CORRECT', 'لم تعد بيانات المستأجر موجودة لتصحيحها');
    }
    const { name, income, monthlyObligations } = row.correction;
    const change = {
      ...(name !== undefined ? { name } : {}),
      ...(income !== undefined ? { income: income.toFixed(2) } : {}),
      ...(monthlyObligations !== undefined
        ? { monthlyObligations: monthlyObligations.toFixed(2) }
        : {}),
    };
    await tx
      .update(tenantForms)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(tenantForms.id, form.id));
    await tx.update(dataRequests).set(answered(adminId, 'done')).where(eq(dataRequests.id, id));
    await record(tx, {
      action: 'data_request.correct',
      entityType: 'referral',
      entityId: form.referralId,
      before: {
        name: form.name,
        income: form.income,
        monthlyObligations: form.monthlyObligations,
      },
      after: { request: id, ...change },
    });
  });
  return adminRequest(db, id);
}

/** Refuses a request with the reason the tenant reads. */
export async function refuseRequest(
  db: Database,
  id: string,
  adminId: string,
  reason: string,
  record: AuditRecorder,
) {
  await db.transaction(async (tx) => {
    const row = await openRequest(tx, id);
    await tx
      .update(dataRequests)
      .set(answered(adminId, 'refused', reason))
      .where(eq(dataRequests.id, id));
    await record(tx, {
      action: 'data_request.refuse',
      entityType: 'referral',
      entityId: row.referralId,
      after: { request: id, kind: row.kind, reason },
    });
  });
  return adminRequest(db, id);
}

/**
 * Erases the tenant's data, keeping only what the ledger needs (decision 068): the referral's
 * row stays with its number, broker, status, rents and money, the phone replaced by a marker and
 * the link's token by one nobody holds; the form, the documents (rows now, bytes after the
 * commit: the returned keys), the access sessions and the admin's notes go; an open referral is
 * cancelled; the consents, messages and the broker's notifications keep their rows without the
 * phone. The audit log keeps its rows as they are (evidence the law requires).
 */
export async function eraseTenantData(
  db: Database,
  id: string,
  adminId: string,
  record: AuditRecorder,
): Promise<{ view: Awaited<ReturnType<typeof adminRequest>>; keys: string[] }> {
  const keys = await db.transaction(async (tx) => {
    const row = await openRequest(tx, id, 'erasure');
    if (!row.referralId) throw requestNotFound();
    const [found] = await tx.select().from(referrals).where(eq(referrals.id, row.referralId));
    if (!found) throw requestNotFound();
    // The broker's lock first, as every change of the broker's money and referrals takes it.
    await lockBroker(tx, found.brokerId);
    const [referral] = await tx
      .select()
      .from(referrals)
      .where(eq(referrals.id, row.referralId))
      .for('update');
    if (!referral) throw requestNotFound();
    const phone = referral.tenantPhone;
    const marker = erasedTenantPhone(referral.id);
    const removed = await deleteDocumentRows(tx, eq(storedFiles.referralId, referral.id));
    await tx.delete(tenantForms).where(eq(tenantForms.referralId, referral.id));
    await tx.delete(dataAccessSessions).where(eq(dataAccessSessions.referralId, referral.id));
    const open = (OPEN_REFERRAL_STATUSES as readonly string[]).includes(referral.status);
    await tx
      .update(referrals)
      .set({
        tenantPhone: marker,
        formToken: randomBytes(24).toString('base64url'),
        notes: null,
        ...(open ? { status: 'cancelled' as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(referrals.id, referral.id));
    await tx
      .update(consents)
      .set({ tenantPhone: marker })
      .where(eq(consents.referralId, referral.id));
    // Messages keep their rows (the delivery log) without the phone: those to the tenant lose
    // their text, the others (the broker's updates) the number in it; one still waiting to the
    // tenant is never sent now.
    const toTenant = eq(outboundMessages.recipient, phone);
    await tx
      .update(outboundMessages)
      .set({
        recipient: sql`case when ${toTenant} then ${marker} else ${outboundMessages.recipient} end`,
        body: sql`case when ${toTenant} then '' else replace(${outboundMessages.body}, ${phone}, '—') end`,
        payload: sql`case when ${toTenant} then '{}'::jsonb else replace(${outboundMessages.payload}::text, ${phone}, '—')::jsonb end`,
        status: sql`case when ${toTenant} and ${outboundMessages.status} in ('queued','sending') then 'failed' else ${outboundMessages.status} end`,
        lastError: sql`case when ${toTenant} and ${outboundMessages.status} in ('queued','sending') then 'erased' else ${outboundMessages.lastError} end`,
      })
      .where(eq(outboundMessages.referralId, referral.id));
    await tx
      .update(notifications)
      .set({ message: sql`replace(${notifications.message}, ${phone}, '—')` })
      .where(
        and(
          eq(notifications.brokerId, referral.brokerId),
          sql`position(${phone} in ${notifications.message}) > 0`,
        ),
      );
    // The broker's conversation with the team (decision 079): the phone, wherever it was quoted.
    await tx
      .update(brokerMessages)
      .set({ body: sql`replace(${brokerMessages.body}, ${phone}, '—')` })
      .where(
        and(
          eq(brokerMessages.brokerId, referral.brokerId),
          sql`position(${phone} in ${brokerMessages.body}) > 0`,
        ),
      );
    // The other open requests are answered by the erasure; every request of the referral
    // loses what the tenant wrote in it (a correction holds their name and income).
    await tx
      .update(dataRequests)
      .set(answered(adminId, 'done'))
      .where(and(eq(dataRequests.referralId, referral.id), eq(dataRequests.status, 'open')));
    await tx
      .update(dataRequests)
      .set({ correction: null, note: null })
      .where(eq(dataRequests.referralId, referral.id));
    await record(tx, {
      action: 'data_request.erase',
      entityType: 'referral',
      entityId: referral.id,
      after: {
        request: id,
        number: referral.number,
        removedDocuments: removed.length,
        cancelled: open,
      },
    });
    return removed;
  });
  return { view: await adminRequest(db, id), keys };
}
