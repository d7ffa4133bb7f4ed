import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../src/server/webhooks/signature.js';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectToast, randomPhone } from './support';

// A super-admin connects the provider's system; a referral reaches it signed,
// the delivery shows in the log, and a resend delivers the same event again. The receiver is on
// loopback, which webhooks reach only because this journey allows 127.0.0.0/8 (decision record 048).

type Received = { id: string; type: string; verified: boolean };

test('a super-admin adds an endpoint, a referral reaches it signed, and the log resends it', async ({
  page,
  browser,
  superAdmin: root,
  readyBroker,
}) => {
  let secret = '';
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as { id: string; type: string };
      const header = String(request.headers['x-shareek-signature'] ?? '');
      received.push({
        id: event.id,
        type: event.type,
        verified: verifyWebhookSignature(secret, body, header, Date.now() / 1000),
      });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/shareek-events`;
  const rangesKey = 'webhook_private_ranges';
  const setRanges = async (value: string) =>
    expect((await root.post('/api/admin/config', { data: { key: rangesKey, value } })).ok()).toBe(
      true,
    );
  const { value: rangesBefore } = (await (
    await root.get(`/api/admin/config/${rangesKey}`)
  ).json()) as { value: string | null };
  await setRanges('127.0.0.0/8');

  try {
    await page.context().addCookies((await root.storageState()).cookies);
    await page.goto('/user-management');
    await page.getByRole('link', { name: 'ربط الأنظمة' }).click();
    await expect(page.getByRole('heading', { name: 'ربط الأنظمة', level: 1 })).toBeVisible();
    await expect(page.getByText('العناوين الداخلية المسموح بها: 127.0.0.0/8')).toBeVisible();

    await page.getByRole('button', { name: 'إضافة نقطة استقبال' }).click();
    const form = page.getByRole('dialog', { name: 'إضافة نقطة استقبال' });
    // A bad address is refused in Arabic, beside its field.
    await form.getByLabel('رابط نقطة الاستقبال').fill('ftp://example.com/in');
    await form.getByRole('button', { name: 'حفظ' }).click();
    await expect(form.getByText('يرجى إدخال رابط صحيح يبدأ بـ https://')).toBeVisible();
    // So is an internal address outside what was allowed: here, the cloud's metadata service.
    await form.getByLabel('رابط نقطة الاستقبال').fill('http://169.254.169.254/latest/meta-data');
    await form.getByRole('button', { name: 'حفظ' }).click();
    await expect(form.getByText('لا يمكن إرسال الأحداث إلى عنوان داخلي في الشبكة')).toBeVisible();
    await form.getByLabel('رابط نقطة الاستقبال').fill(url);
    await form.getByLabel('وصف (اختياري)').fill('نظام الشركة');
    // Only the referral events.
    for (const label of [
      'إرسال المستأجر بياناته',
      'إضافة عمولة',
      'إلغاء عمولة',
      'تحويل مبلغ للوسيط',
    ]) {
      await form.getByRole('checkbox', { name: new RegExp(label) }).uncheck();
    }
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'حفظ' }).click();

    const shown = page.getByRole('dialog', { name: 'سرّ التوقيع' });
    await expect(shown.getByText('لن يظهر مرة أخرى')).toBeVisible();
    secret = await shown.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page);
    await shown.getByRole('button', { name: 'إغلاق' }).click();

    const card = page.getByRole('listitem').filter({ hasText: url }).first();
    await expect(card.getByText('إحالة جديدة')).toBeVisible();
    await expect(card.getByText(`…${secret.slice(-4)}`)).toBeVisible();
    // The page never shows the secret again.
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);

    // A broker refers a tenant: the event reaches the receiver, signed with the secret.
    const brokerPage = await browser.newPage();
    await readyBroker(brokerPage);
    const created = await brokerPage.request.post('/api/referrals', {
      data: { tenantPhone: randomPhone(), rent: 50000 },
    });
    expect(created.status()).toBe(201);
    await brokerPage.close();
    await expect
      .poll(() => received.filter((r) => r.type === 'referral.created').length)
      .toBeGreaterThan(0);
    expect(received.every((r) => r.verified)).toBe(true);

    // The log shows it delivered; a resend delivers the same event once more.
    const log = page
      .getByRole('listitem')
      .filter({ hasText: url })
      .filter({ hasText: 'تم التسليم' });
    await expect(log.first()).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    const before = received.length;
    await log.first().getByRole('button', { name: 'إعادة الإرسال' }).click();
    await expectToast(page, 'أُعيد إرسال الحدث');
    await expect.poll(() => received.length).toBeGreaterThan(before);
    const ids = received.map((r) => r.id);
    expect(new Set(ids).size).toBeLessThan(ids.length);
    expect(received.every((r) => r.verified)).toBe(true);

    // Deleted, it hears nothing more (and later journeys' referrals do not go to it).
    await card.getByRole('button', { name: 'حذف' }).click();
    await page
      .getByRole('dialog', { name: 'حذف نقطة الاستقبال' })
      .getByRole('button', { name: 'تأكيد الحذف' })
      .click();
    await expectToast(page, 'حُذفت نقطة الاستقبال');
    await expect(
      page.getByRole('listitem').filter({ hasText: 'مفعّلة' }).filter({ hasText: url }),
    ).toHaveCount(0);
  } finally {
    // Whatever happened above, no endpoint of this journey outlives it.
    const endpoints = (await (await root.get('/api/superadmin/webhooks')).json()) as {
      items: { id: string; url: string }[];
    };
    for (const endpoint of endpoints.items.filter((e) => e.url === url)) {
      await root.delete(`/api/superadmin/webhooks/${endpoint.id}`);
    }
    await setRanges(rangesBefore ?? '');
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
