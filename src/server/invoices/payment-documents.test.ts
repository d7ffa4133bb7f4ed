import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import {
  riyadhIsoDate,
  SELF_BILLING_AGREEMENTS,
  SELF_BILLING_VERSION,
  TAX_PROFILE_MESSAGES,
  vatSplit,
} from '#domain';
import { loadConfig } from '../config.js';
import {
  auditLog,
  brokers,
  commissions,
  notifications,
  paymentDocuments,
  selfBillingAcceptances,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import { inCents, ledgerOf } from '../test-support/money.js';
import { askForPayout, payoutMarker } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';
import { decodeZatcaQr } from './zatca-qr.js';

// Decision 071: the broker's tax profile, VAT on commissions and payouts, and the documents.

const { t, base } = sharedUploadingApp('payment-documents');
let admin: TestBroker;
let otherAdmin: TestBroker;
beforeAll(async () => {
  ({ admin, root: otherAdmin } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const mark = payoutMarker(t);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const VAT_NUMBER = '310122393500003';

const rowOf = async (broker: TestBroker) => {
  const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, broker.id));
  if (!row) throw new Error('no broker row');
  return row;
};
const saveTax = (broker: TestBroker, body: Record<string, unknown>) =>
  as(broker).call(brokerEndpoints.setTaxProfile, { body: body as never });
const anEstablishment = {
  entity: 'establishment',
  legalName: 'مؤسسة نورة للوساطة العقارية',
  crNumber: '٧٠٠١٢٣٤٥٦٧',
  vatNumber: VAT_NUMBER,
  acceptedAgreement: SELF_BILLING_VERSION,
};
async function uploadCertificate(broker: TestBroker) {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from(PNG)]), 'certificate.png');
  return fetch(`${base()}/api/broker/tax-profile/certificate`, {
    method: 'PUT',
    body: form,
    headers: { cookie: broker.cookie },
  });
}
const verifyVat = async (caller: TestBroker, broker: TestBroker, seen?: string) =>
  as(caller).call(adminBrokerEndpoints.verifyVat, {
    params: { id: broker.id },
    body: {
      note: 'الشهادة مطابقة للاستعلام في منصة الهيئة',
      seenUpdatedAt: seen ?? (await rowOf(broker)).updatedAt.toISOString(),
    },
  });
/** A broker registered for VAT, verified by the admin, with an IBAN ready for payouts. */
async function aVatBroker(): Promise<TestBroker> {
  const broker = await aBroker(t);
  expect((await saveTax(broker, anEstablishment)).statusCode).toBe(200);
  expect((await uploadCertificate(broker)).status).toBe(200);
  expect((await verifyVat(admin, broker)).statusCode).toBe(200);
  await anIbanOnProfile(t, broker);
  return broker;
}
const commissionRow = async (id: string) => {
  const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, id));
  if (!row) throw new Error('no commission row');
  return row;
};
/** Pays everything the broker can ask for, in one payout: requested, approved, paid. */
async function payAll(broker: TestBroker) {
  const summary = (await as(broker).call(commissionEndpoints.summary)).json();
  const asked = await askForPayout(t, broker, Number(summary.pending));
  expect(asked.statusCode, asked.body).toBe(201);
  const payout = asked.json();
  const paid = await as(admin).call(adminPayoutEndpoints.pay, {
    params: { id: payout.id },
    body: { transferReference: 'RJHI-778899' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return payout;
}
const documentsOf = async (broker: TestBroker) =>
  (await as(broker).call(commissionEndpoints.documents)).json();

describe("the broker's tax profile", () => {
  it('refuses what is malformed or missing in Arabic, and writes nothing', async () => {
    const broker = await aBroker(t);
    for (const [body, message] of [
      [{ entity: 'establishment', crNumber: '7001234567' }, TAX_PROFILE_MESSAGES.legalName],
      [{ entity: 'establishment', legalName: 'مؤسسة' }, TAX_PROFILE_MESSAGES.crNumber],
      [{ ...anEstablishment, crNumber: '70012' }, TAX_PROFILE_MESSAGES.crNumber],
      [{ ...anEstablishment, vatNumber: '123456789012345' }, TAX_PROFILE_MESSAGES.vatNumber],
      [{ ...anEstablishment, acceptedAgreement: undefined }, TAX_PROFILE_MESSAGES.agreement],
      [{ ...anEstablishment, acceptedAgreement: 99 }, TAX_PROFILE_MESSAGES.version],
      [{ ...anEstablishment, legalName: 'مؤسسة\u202Eنورة' }, null],
      [{ entity: 'company' }, null],
    ] as const) {
      const refused = await saveTax(broker, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body).toContain(message);
    }
    const row = await rowOf(broker);
    expect(row).toMatchObject({ taxEntity: 'individual', vatNumber: null, crNumber: null });
    const accepted = await t.database.db
      .select()
      .from(selfBillingAcceptances)
      .where(eq(selfBillingAcceptances.brokerId, broker.id));
    expect(accepted).toEqual([]);
  });

  it('keeps the agreement accepted word for word, and waits for an admin to verify', async () => {
    const broker = await aBroker(t);
    const saved = await saveTax(broker, anEstablishment);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().taxProfile).toMatchObject({
      entity: 'establishment',
      legalName: anEstablishment.legalName,
      // Arabic-Indic digits as typed are stored as Latin ones.
      crNumber: '7001234567',
      vatNumber: VAT_NUMBER,
      certificate: false,
      vatState: 'unverified',
      chargesVat: false,
      acceptedAgreement: SELF_BILLING_VERSION,
    });
    const [acceptance] = await t.database.db
      .select()
      .from(selfBillingAcceptances)
      .where(eq(selfBillingAcceptances.brokerId, broker.id));
    expect(acceptance).toMatchObject({
      version: SELF_BILLING_VERSION,
      text: SELF_BILLING_AGREEMENTS[SELF_BILLING_VERSION],
    });
    expect(acceptance?.ipAddress).toBeTruthy();

    // Until verified, a commission carries no VAT.
    const { commission } = await aSignedContract(t, admin, { broker });
    expect(commission.vatAmount).toBe('0.00');

    // Verification needs the certificate.
    const early = await verifyVat(admin, broker);
    expect(early.statusCode).toBe(409);
    expect(early.json<ApiError>().code).toBe('TAX_PROFILE_INCOMPLETE');
    expect((await uploadCertificate(broker)).status).toBe(200);

    // Never one's own, never blind to a change since the dialog opened.
    expect((await verifyVat(broker, broker)).statusCode).toBe(403);
    const stale = await verifyVat(admin, broker, new Date(0).toISOString());
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiError>().code).toBe('TAX_PROFILE_CHANGED');

    const verified = await verifyVat(admin, broker);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      taxProfile: { vatState: 'verified', chargesVat: true },
      vatReview: { note: 'الشهادة مطابقة للاستعلام في منصة الهيئة' },
    });
    // The unpaid commission now carries 15% on top, and the broker is told.
    const repriced = await commissionRow(commission.id);
    expect(repriced.vatAmount).toBe(vatSplit(repriced.amount, { vatRegistered: true }).vat);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, broker.id));
    expect(told.map((n) => n.title)).toContain('تم التحقق من تسجيلك الضريبي');
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, broker.id));
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'broker.self_billing_accept',
        'broker.tax_profile_update',
        'broker.vat_certificate',
        'broker.vat_verify',
      ]),
    );

    // The admin opens the certificate, on record; the broker opens their own.
    const seen = await as(admin).call(adminBrokerEndpoints.vatCertificate, {
      params: { id: broker.id },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    const own = await as(broker).call(brokerEndpoints.vatCertificate);
    expect(own.statusCode).toBe(200);

    // Any change waits for an admin again, and unpaid commissions lose the VAT with it.
    const changed = await saveTax(broker, { ...anEstablishment, vatNumber: '300000000000003' });
    expect(changed.json().taxProfile).toMatchObject({ vatState: 'unverified', chargesVat: false });
    expect((await commissionRow(commission.id)).vatAmount).toBe('0.00');
  });
});

describe('VAT on commissions and payouts', () => {
  it('a registered broker is paid the gross, with a self-billed tax invoice', async () => {
    const broker = await aVatBroker();
    const { commission } = await aSignedContract(t, admin, { broker });
    const split = vatSplit(commission.amount, { vatRegistered: true });
    expect(commission.vatAmount).toBe(split.vat);

    const summary = (await as(broker).call(commissionEndpoints.summary)).json();
    const asked = await askForPayout(t, broker, Number(summary.pending));
    expect(asked.statusCode, asked.body).toBe(201);
    const payout = asked.json();
    expect(payout.vatAmount).toBe(split.vat);

    // The tax profile does not change under an unsettled payout.
    const locked = await saveTax(broker, { entity: 'individual' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<ApiError>().code).toBe('PAYOUT_IN_PROGRESS');

    // The bank file pays the gross.
    expect((await mark(admin, [payout.id], 'approved')).json().changed).toBe(1);
    const file = await as(otherAdmin).call(adminPayoutEndpoints.bankFile);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`"${split.gross}","SAR"`);

    const paid = await mark(admin, [payout.id], 'paid', 'RJHI-778899');
    expect(paid.json().changed, paid.body).toBe(1);

    const [document] = await documentsOf(broker);
    const year = riyadhIsoDate(new Date()).slice(0, 4);
    expect(document).toMatchObject({
      kind: 'tax_invoice',
      brokerName: anEstablishment.legalName,
      net: split.net,
      vatAmount: split.vat,
      gross: split.gross,
      hasXml: true,
    });
    expect(document?.number).toMatch(new RegExp(`^SB-${year}-\\d{6}$`));
    const listed = (await as(broker).call(commissionEndpoints.payouts)).json();
    expect(listed.find((p) => p.id === payout.id)?.documentId).toBe(document?.id);

    // The stored invoice: the QR code in ZATCA's TLV, the parties, the Ejar number.
    const [stored] = await t.database.db
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.id, document?.id ?? ''));
    if (!stored?.data.qr) throw new Error('no QR');
    expect(decodeZatcaQr(stored.data.qr)).toMatchObject({
      sellerName: anEstablishment.legalName,
      vatNumber: VAT_NUMBER,
      invoiceTotal: split.gross,
      vatTotal: split.vat,
    });
    expect(stored.data.customer.vatNumber).toBe(loadConfig({}).providerTax.vatNumber);
    expect(stored.data.lines).toEqual([
      expect.objectContaining({ net: split.net, ejarContractNumber: expect.any(String) }),
    ]);

    // The broker prints it and downloads its XML; nobody else's broker can.
    const page = await as(broker).call(commissionEndpoints.document, {
      params: { id: document?.id ?? '' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('فاتورة ذاتية');
    expect(page.body).toContain(VAT_NUMBER);
    const xml = await as(broker).call(commissionEndpoints.documentXml, {
      params: { id: document?.id ?? '' },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<cbc:ID>${document?.number}</cbc:ID>`);
    expect(xml.body).toContain(
      `<cbc:PayableAmount currencyID="SAR">${split.gross}</cbc:PayableAmount>`,
    );
    const stranger = await aBroker(t);
    const refused = await as(stranger).call(commissionEndpoints.document, {
      params: { id: document?.id ?? '' },
    });
    expect(refused.statusCode).toBe(404);

    // The ledger, in net, still adds up from its rows.
    const after = (await as(broker).call(commissionEndpoints.summary)).json();
    expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(after));
  });

  it('an unregistered broker gets a payment statement, numbered in its own series', async () => {
    const broker = await aBroker(t);
    await anIbanOnProfile(t, broker);
    await aSignedContract(t, admin, { broker });
    const payout = await payAll(broker);
    expect(payout.vatAmount).toBe('0.00');
    await aSignedContract(t, admin, { broker });
    await payAll(broker);
    const documents = await documentsOf(broker);
    expect(documents.map((d) => d.kind)).toEqual(['payment_statement', 'payment_statement']);
    expect(documents.every((d) => d.vatAmount === '0.00' && d.net === d.gross)).toBe(true);
    // Numbered without gaps: the second is the first's next.
    const [second, first] = documents.map((d) => Number(d.number.slice(-6)));
    expect(second).toBe((first ?? 0) + 1);
    const xml = await as(broker).call(commissionEndpoints.documentXml, {
      params: { id: documents[0]?.id ?? '' },
    });
    expect(xml.statusCode).toBe(404);
    const page = await as(broker).call(commissionEndpoints.document, {
      params: { id: documents[0]?.id ?? '' },
    });
    expect(page.body).toContain('ليس فاتورة ضريبية');
  });

  it('a commission confirmed paid on its own carries its VAT, and makes an invoice', async () => {
    const broker = await aVatBroker();
    const { commission } = await aSignedContract(t, admin, { broker });
    const confirmed = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: { transferReference: 'SNB-1' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [document] = await documentsOf(broker);
    expect(document).toMatchObject({
      kind: 'tax_invoice',
      ...(({ net, vat, gross }) => ({ net, vatAmount: vat, gross }))(
        vatSplit(commission.amount, { vatRegistered: true }),
      ),
    });
  });
});

describe("the admins' documents", () => {
  it("lists a month's documents, opens each on record, and exports the month as a ZIP", async () => {
    const broker = await aVatBroker();
    await aSignedContract(t, admin, { broker });
    await payAll(broker);
    const [document] = await documentsOf(broker);
    const month = riyadhIsoDate(new Date()).slice(0, 7);
    const listed = await as(admin).call(adminPayoutEndpoints.documents, { query: { month } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((d) => d.id)).toContain(document?.id);
    const bad = await as(admin).call(adminPayoutEndpoints.documents, {
      query: { month: '2026-13' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('يرجى اختيار شهر صحيح');

    const opened = await as(admin).call(adminPayoutEndpoints.document, {
      params: { id: document?.id ?? '' },
    });
    expect(opened.statusCode).toBe(200);
    const [viewed] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.view'), eq(auditLog.entityId, document?.id ?? '')));
    expect(viewed?.actorId).toBe(admin.id);

    const zip = await fetch(`${base()}/api/admin/documents/export?month=${month}`, {
      headers: { cookie: admin.cookie },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    // A ZIP names its entries in the clear: the index, the page and the XML of the invoice.
    const names = bytes.toString('latin1');
    expect(names).toContain('index.csv');
    expect(names).toContain(`${document?.number}.html`);
    expect(names).toContain(`${document?.number}.xml`);
    const [exported] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.export'), eq(auditLog.actorId, admin.id)));
    expect(exported?.after).toMatchObject({ month });

    // A broker is no admin.
    const refused = await as(broker).call(adminPayoutEndpoints.documents, { query: { month } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('what the review of decision 071 found', () => {
  it('a name too long for the QR code is cut, never a failed payment', async () => {
    const broker = await aBroker(t);
    // Arabic presentation forms (as copied from a PDF) are three bytes each in UTF-8.
    const long = 'ﻣﺆﺳﺴﺔ '.repeat(20).trim().slice(0, 120);
    expect((await saveTax(broker, { ...anEstablishment, legalName: long })).statusCode).toBe(200);
    expect((await uploadCertificate(broker)).status).toBe(200);
    expect((await verifyVat(admin, broker)).statusCode).toBe(200);
    await anIbanOnProfile(t, broker);
    await aSignedContract(t, admin, { broker });
    await payAll(broker);
    const [document] = await documentsOf(broker);
    expect(document?.kind).toBe('tax_invoice');
    const [stored] = await t.database.db
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.id, document?.id ?? ''));
    const seller = decodeZatcaQr(stored?.data.qr ?? '').sellerName;
    expect(Buffer.byteLength(seller, 'utf8')).toBeLessThanOrEqual(255);
    expect(long.startsWith(seller)).toBe(true);
  });

  it('an admin sharing an IBAN with the broker does not verify their registration', async () => {
    const broker = await aBroker(t);
    await saveTax(broker, anEstablishment);
    await uploadCertificate(broker);
    const iban = await anIbanOnProfile(t, broker);
    await t.database.db.update(brokers).set({ iban }).where(eq(brokers.id, otherAdmin.id));
    const refused = await verifyVat(otherAdmin, broker);
    expect(refused.statusCode).toBe(403);
    expect((await rowOf(broker)).vatVerifiedAt).toBeNull();
    await t.database.db.update(brokers).set({ iban: null }).where(eq(brokers.id, otherAdmin.id));
  });

  it('a new certificate under an open payout is refused; one otherwise takes the VAT off unpaid commissions', async () => {
    const broker = await aVatBroker();
    const { commission } = await aSignedContract(t, admin, { broker });
    expect(Number((await commissionRow(commission.id)).vatAmount)).toBeGreaterThan(0);
    const asked = await askForPayout(t, broker, 100);
    expect(asked.statusCode).toBe(201);
    expect((await uploadCertificate(broker)).status).toBe(409);
    await as(admin).call(adminPayoutEndpoints.reject, {
      params: { id: asked.json().id },
      body: { reason: 'طلب تجريبي' },
    });
    expect((await uploadCertificate(broker)).status).toBe(200);
    expect((await commissionRow(commission.id)).vatAmount).toBe('0.00');
  });

  it('a confirmation with the VAT shown before a change of registration is refused', async () => {
    const broker = await aVatBroker();
    const { commission } = await aSignedContract(t, admin, { broker });
    const stale = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: { vatAmount: '0.00' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiError>().code).toBe('VAT_CHANGED');
    expect((await commissionRow(commission.id)).status).toBe('pending');
    const shown = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: { vatAmount: vatSplit(commission.amount, { vatRegistered: true }).vat },
    });
    expect(shown.statusCode, shown.body).toBe(200);
  });
});
