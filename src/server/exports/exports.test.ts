import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type EXPORT_TYPES, exportEndpoints } from '#contract/admin/exports';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { devEndpoints } from '#contract/dev';
import { referralEndpoints } from '#contract/referrals';
import { riyadhIsoDate } from '#domain';
import { auditLog, brokers } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { type CallInput, present, type QueryOf, unchecked } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral, aUniqueName } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone } from '../test-support/test-app.js';

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const as = (caller: Caller) => client(t).as(caller);

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { sheet, rows };
}

/** An export's input: the list it is of, and that list's filters. */
const exportOf = (
  type: (typeof EXPORT_TYPES)[number],
  query: QueryOf<typeof exportEndpoints.download> = {},
): CallInput<typeof exportEndpoints.download> => ({ params: { type }, query });

describe('GET /api/admin/export/:type', () => {
  it('streams the filtered referrals as a right-to-left sheet with typed numbers and dates', async () => {
    const admin = await anAdmin(t);
    const marker = aUniqueName('مصدّر');
    const broker = await aBroker(t, { fullName: marker });
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    const ids: string[] = [];
    for (const [index, tenantPhone] of phones.entries()) {
      ids.push((await aReferral(t, broker, { tenantPhone, rent: 60_000 + index })).id);
    }
    const lease = aLease(60_000);
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: present(ids[0]) },
      body: {
        status: 'contract_signed',
        ...lease,
      },
    });

    const response = await as(admin).call(
      exportEndpoints.download,
      exportOf('referrals', { search: marker }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="referrals_${riyadhIsoDate(new Date())}.xlsx"`,
    );
    const { sheet, rows } = await readSheet(response.rawPayload);
    expect(sheet.name).toBe('الإحالات');
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(rows[0]?.[0]).toBe('رقم الإحالة');
    expect(rows[0]?.[6]).toBe('الإيجار السنوي (ر.س)');
    expect(rows[0]?.slice(9, 13)).toEqual([
      'رقم عقد إيجار',
      'بداية العقد',
      'نهاية العقد',
      'العمولة (ر.س)',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(2).width).toBeGreaterThan(10);
    // Every matching row, newest first, nothing from other brokers.
    expect(rows.slice(1).map((row) => row[2])).toEqual([...phones].reverse());
    const signed = rows.find((row) => row[2] === phones[0]);
    expect(signed?.[1]).toBe('تم توقيع العقد');
    expect(signed?.[6]).toBe(60_000);
    expect(signed?.[9]).toBe(lease.contractId);
    // The lease's first and last days, as dates on their own day whatever the zone.
    const day = (cell: ExcelJS.CellValue | undefined) =>
      cell instanceof Date ? cell.toISOString().slice(0, 10) : cell;
    expect(day(signed?.[10])).toBe(lease.contractStartsOn);
    expect(day(signed?.[11])).toBe(lease.contractEndsOn);
    expect(signed?.[12]).toBe(600);
    expect(typeof signed?.[0]).toBe('number');
    expect(signed?.[14]).toBeInstanceOf(Date);
    expect(sheet.getCell(2, 15).numFmt).toBe('yyyy-mm-dd hh:mm');
    // No lease on the referrals not signed.
    const unsigned = rows.find((row) => row[2] === phones[1]);
    expect(unsigned?.slice(9, 12).filter((cell) => cell != null)).toEqual([]);
  });

  it('honours the status filter and returns just the header when nothing matches', async () => {
    const admin = await anAdmin(t);
    const marker = aUniqueName('فارغ');
    const broker = await aBroker(t, { fullName: marker });
    await aReferral(t, broker, { rent: null });
    const response = await as(admin).call(
      exportEndpoints.download,
      exportOf('referrals', { search: marker, status: 'rejected' }),
    );
    const { rows } = await readSheet(response.rawPayload);
    expect(rows).toHaveLength(1);
  });

  it('honours the overdue filter of the referrals tab', async () => {
    const admin = await anAdmin(t);
    const marker = aUniqueName('متأخرة');
    const broker = await aBroker(t, { fullName: marker });
    const late = await aReferral(t, broker);
    const onTime = await aReferral(t, broker);
    for (const referral of [late, onTime]) {
      await as(admin).call(adminReferralEndpoints.changeStatus, {
        params: { id: referral.id },
        body: { status: 'under_review' },
      });
    }
    await as(admin).call(devEndpoints.clock, { body: { referralId: late.id, days: 10 } });
    const response = await as(admin).call(
      exportEndpoints.download,
      exportOf('referrals', { search: marker, overdue: 'true' }),
    );
    expect(response.statusCode).toBe(200);
    const { rows } = await readSheet(response.rawPayload);
    expect(rows.slice(1).map((row) => row[2])).toEqual([late.tenantPhone]);
    const refused = await as(admin).call(
      exportEndpoints.download,
      exportOf('referrals', { overdue: unchecked('yes') }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().message).toBe('قيمة غير صالحة');
  });

  it('exports more rows than one batch, each exactly once', async () => {
    const admin = await anAdmin(t);
    const marker = `دفعات ${nextPhone()}`;
    const broker = await aBroker(t, { fullName: marker });
    // Same submission instant for all: the keyset must still page by number without loss.
    await t.database.db.execute(
      sql`insert into referrals (broker_id, tenant_phone, form_token, status, submitted_at)
          select ${broker.id}, '05' || lpad(g::text, 8, '0'), 'export-' || g || '-' || ${broker.id},
                 'rejected', '2026-01-01T09:00:00.123456Z'
          from generate_series(1, 2500) g`,
    );
    const response = await as(admin).call(
      exportEndpoints.download,
      exportOf('referrals', { search: marker }),
    );
    const { rows } = await readSheet(response.rawPayload);
    const numbers = rows.slice(1).map((row) => row[0]);
    expect(numbers).toHaveLength(2500);
    expect(new Set(numbers).size).toBe(2500);
  });

  it('exports brokers and commissions with their filters', async () => {
    const admin = await anAdmin(t);
    const marker = `عمولات ${nextPhone()}`;
    const broker = await aBroker(t, { fullName: marker, active: false });
    const created = await as(admin).call(referralEndpoints.create, {
      body: {
        tenantPhone: nextPhone(),
        rent: 120_000,
      },
    });
    expect(created.statusCode).toBe(201);

    const brokersFile = await as(admin).call(
      exportEndpoints.download,
      exportOf('brokers', { search: marker, filter: 'inactive' }),
    );
    expect(brokersFile.headers['content-disposition']).toContain('brokers_');
    const { rows: brokerRows } = await readSheet(brokersFile.rawPayload);
    expect(brokerRows).toHaveLength(2);
    expect(brokerRows[1]?.slice(0, 3)).toEqual([marker, broker.phone, expect.any(String)]);
    expect(brokerRows[1]?.[7]).toBe('غير مفعل');
    expect(brokerRows[1]?.[9]).toBeInstanceOf(Date);
    const activeOnly = await as(admin).call(
      exportEndpoints.download,
      exportOf('brokers', { search: marker, filter: 'active' }),
    );
    expect((await readSheet(activeOnly.rawPayload)).rows).toHaveLength(1);

    // The admin's own referral: a colleague signs it and clears its staff signal.
    const colleague = await anAdmin(t);
    await as(colleague).call(adminReferralEndpoints.changeStatus, {
      params: { id: created.json().id },
      body: {
        status: 'contract_signed',
        ...aLease(120_000),
      },
    });
    const signals = (await as(colleague).call(adminSignalEndpoints.list)).json().items;
    const staffSignal = signals.find((signal) => signal.referralId === created.json().id);
    expect(
      (
        await as(colleague).call(adminSignalEndpoints.resolve, {
          params: { id: present(staffSignal?.id) },
          body: {
            note: 'راجعتُ الإحالة',
          },
        })
      ).statusCode,
    ).toBe(200);
    const adminPhone = admin.phone;
    const commissionsFile = await as(admin).call(
      exportEndpoints.download,
      exportOf('commissions', { search: adminPhone, status: 'pending' }),
    );
    const { sheet, rows } = await readSheet(commissionsFile.rawPayload);
    expect(sheet.name).toBe('العمولات');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe(1200);
    expect(rows[1]?.[2]).toBe('معلقة');
    expect(rows[1]?.[4]).toBe(adminPhone);
    const paid = await as(admin).call(
      exportEndpoints.download,
      exportOf('commissions', { search: adminPhone, status: 'paid' }),
    );
    expect((await readSheet(paid.rawPayload)).rows).toHaveLength(1);
  });

  it('writes a name stored before the input rule as clean text, never a formula', async () => {
    const admin = await anAdmin(t);
    const marker = `منظف ${nextPhone()}`;
    const broker = await aBroker(t, { fullName: marker });
    const stored = `=HYPERLINK("https://evil.sa")\r\n${marker}\u0007\u202E\uFFFF`;
    await t.database.db.update(brokers).set({ fullName: stored }).where(eq(brokers.id, broker.id));
    const response = await as(admin).call(
      exportEndpoints.download,
      exportOf('brokers', { search: broker.phone }),
    );
    expect(response.statusCode).toBe(200);
    const { sheet, rows } = await readSheet(response.rawPayload);
    expect(rows).toHaveLength(2);
    // The line break stays a line within the cell; the bell, the override and U+FFFF go.
    expect(rows[1]?.[0]).toBe(`=HYPERLINK("https://evil.sa")\n${marker}`);
    expect(sheet.getCell(2, 1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell(2, 1).formula).toBeUndefined();
  });

  it('is for admins only, knows its three lists, and records who exported', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t);
    expect((await as(null).call(exportEndpoints.download, exportOf('brokers'))).statusCode).toBe(
      401,
    );
    expect((await as(broker).call(exportEndpoints.download, exportOf('brokers'))).statusCode).toBe(
      403,
    );
    const unknown = await as(admin).call(exportEndpoints.download, exportOf(unchecked('tenants')));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiError>().message).toBe('نوع التصدير غير معروف');
    const badStatus = await as(admin).call(
      exportEndpoints.download,
      exportOf('referrals', { status: unchecked('lost') }),
    );
    expect(badStatus.statusCode).toBe(400);

    await as(admin).call(exportEndpoints.download, exportOf('commissions', { search: 'x' }));
    const log = await t.database.db
      .select({ action: auditLog.action, entityType: auditLog.entityType })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(log).toContainEqual({ action: 'export.download', entityType: 'commissions' });
  });
});
