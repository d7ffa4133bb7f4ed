import { expect, test } from './fixtures';
import { adminConsole } from './money';
import {
  atPhoneWidth,
  createAccount,
  expectNoAxeViolations,
  expectToast,
  onPhone,
  randomPhone,
  signIn,
  uniqueName,
} from './support';

// Decision 080: a broker registers an office, invites an agent by phone, chooses that the
// members' commissions go to the office's IBAN with a share recorded on each; the agent accepts
// and sees it; the console filters the brokers by the office; the agent leaves.

const OFFICE_IBAN = 'SA0380000000608010167519';
/** A commercial registration of ten digits no other run has, written with Arabic-Indic digits. */
const aCr = () =>
  String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).replace(
    /\d/g,
    (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d,
  );

test('an owner registers an office, invites an agent and pays the office; the agent joins and leaves', async ({
  page,
  admin,
}) => {
  test.slow(); // Two brokers and the console.
  const officePath = onPhone(page) ? '/mobile-office' : '/office';
  const ownerPhone = randomPhone();
  const agentPhone = randomPhone();
  const ownerName = uniqueName('عبدالله الشمري');
  const agentName = uniqueName('سلمان العنزي');
  const officeName = uniqueName('مكتب الشمري للعقار');
  await createAccount(page.request, agentPhone);
  await signIn(page, agentPhone);
  expect(
    (await page.request.put('/api/broker/profile', { data: { fullName: agentName } })).ok(),
  ).toBe(true);
  await page.request.post('/api/auth/logout');

  // The owner registers the office from «مكتبي».
  await createAccount(page.request, ownerPhone);
  await signIn(page, ownerPhone);
  const named = await page.request.put('/api/broker/profile', { data: { fullName: ownerName } });
  expect(named.ok()).toBe(true);
  // Only an account the team activated invites anyone (an invitation goes to a phone).
  const { id } = (await named.json()) as { id: string };
  expect((await admin.post(`/api/admin/brokers/${id}/activate`)).ok()).toBe(true);
  // From the profile, on the desktop as on the phone.
  await page.goto(onPhone(page) ? '/mobile-profile' : '/profile');
  await page.getByRole('link', { name: 'مكتبي' }).click();
  await expect(page.getByRole('heading', { name: 'مكتبي', level: 1 })).toBeVisible();
  const register = page.getByRole('form', { name: 'تسجيل مكتب' });
  await register.getByLabel('اسم المكتب').fill(officeName);
  await register.getByLabel('رقم السجل التجاري').fill('١٢٣');
  await register.getByRole('button', { name: 'تسجيل المكتب' }).click();
  await expect(register.getByText('رقم السجل التجاري يتكون من ١٠ أرقام')).toBeVisible();
  await register.getByLabel('رقم السجل التجاري').fill(aCr());
  await register.getByRole('button', { name: 'تسجيل المكتب' }).click();
  await expectToast(page, 'سُجّل مكتبك');
  await expect(page.getByRole('heading', { name: officeName })).toBeVisible();

  // Paid to the office, with a share of each commission; the password is asked.
  const payout = page.getByRole('form', { name: 'تحويل عمولات الأعضاء' });
  await payout.getByRole('radio', { name: 'إلى آيبان المكتب' }).check();
  await payout.getByRole('textbox', { name: 'آيبان المكتب' }).fill(OFFICE_IBAN);
  await payout.getByLabel('حصة المكتب من كل عمولة (٪)').fill('٣٠');
  await payout.getByRole('button', { name: 'حفظ طريقة التحويل' }).click();
  await expect(payout.getByText('يرجى إدخال كلمة المرور الحالية')).toBeVisible();
  await payout.getByLabel('كلمة المرور الحالية').fill('secret123');
  await payout.getByRole('button', { name: 'حفظ طريقة التحويل' }).click();
  await expectToast(page, 'حُفظت طريقة تحويل العمولات');
  await expect(page.getByText('٣٠٪')).toBeVisible();

  // The agent is invited by phone, typed with Arabic-Indic digits.
  const invite = page.getByRole('form', { name: 'دعوة وسيط' });
  await invite
    .getByLabel('جوال الوسيط')
    .fill(agentPhone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d));
  await invite.getByRole('button', { name: 'إرسال الدعوة' }).click();
  await expectToast(page, 'أُرسلت الدعوة');
  const members = page.getByRole('list', { name: 'أعضاء المكتب' });
  await expect(members.getByRole('listitem').filter({ hasText: agentPhone })).toContainText(
    'بانتظار القبول',
  );
  await expectNoAxeViolations(page);
  await atPhoneWidth(page);
  await page.request.post('/api/auth/logout');

  // The agent accepts, and reads where their commissions go.
  await signIn(page, agentPhone);
  await page.goto(officePath);
  await page.getByRole('button', { name: `قبول الدعوة إلى ${officeName}` }).click();
  const joining = page.getByRole('dialog', { name: 'الانضمام إلى المكتب' });
  await expect(joining).toContainText('تُحوَّل طلبات تحويل عمولاتك من الآن إلى آيبان المكتب');
  await expect(joining).toContainText('حصة ٣٠٪ من كل عمولة جديدة');
  await joining.getByRole('button', { name: 'انضمام' }).click();
  await expectToast(page, 'انضممت إلى المكتب');
  await expect(page.getByRole('heading', { name: officeName })).toBeVisible();
  await expect(page.getByText('إلى آيبان المكتب')).toBeVisible();
  await expectNoAxeViolations(page);
  await atPhoneWidth(page);

  // The console filters the brokers by the office.
  const team = await adminConsole(page, admin, '/admin?tab=brokers');
  const brokersTab = team.consolePage;
  await brokersTab.getByLabel('المكتب المسجل').selectOption({ label: `${officeName} (٢)` });
  await expect(brokersTab.getByText('وسيطان')).toBeVisible();
  await expect(brokersTab.getByText(agentName).first()).toBeVisible();
  await expectNoAxeViolations(brokersTab);
  await atPhoneWidth(brokersTab);
  await team.context.close();

  // The agent leaves, keeping their own history.
  await page.getByRole('button', { name: 'مغادرة المكتب' }).click();
  await page
    .getByRole('dialog', { name: 'مغادرة المكتب' })
    .getByRole('button', { name: 'مغادرة المكتب' })
    .click();
  await expectToast(page, 'غادرت المكتب');
  await expect(page.getByRole('form', { name: 'تسجيل مكتب' })).toBeVisible();
});
