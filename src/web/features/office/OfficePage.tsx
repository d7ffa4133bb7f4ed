import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatDateAr,
  formatNumberAr,
  formatSar,
  OFFICE_PAYEES,
  type OfficePayee,
  officeBody,
  officeInvitationBody,
  officeMemberStatusLabel,
  officePayeeLabel,
  officePayoutBody,
  toLatinDigits,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { useListParams } from '#lib/use-list-params';
import { fieldIssues, z } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { ConfirmDialog } from '#ui/dialog';
import { Skeleton } from '#ui/feedback';
import { FormField, Input } from '#ui/input';
import { PagedList } from '#ui/paged-list';
import { PasswordInput } from '#ui/password-input';
import { PhoneInput } from '#ui/phone-input';
import { QueryView } from '#ui/query-view';
import { ReferralStatusBadge } from '#ui/status-badge';
import { errorToast, toast } from '#ui/toast';
import {
  type MyOffice,
  myOfficeQuery,
  type Office,
  type OfficeMember,
  officeTeamQuery,
  useAnswerInvitation,
  useCreateOffice,
  useEndMembership,
  useInviteAgent,
  useLeaveOffice,
  useSetOfficePayout,
} from './api';

/** What a refused request says: its fields' messages, else one for the whole form. */
function refusalOf(error: Error, fallback: string): Record<string, string> {
  const fields = fieldErrors(error);
  return Object.keys(fields).length > 0 ? fields : { form: errorMessage(error, fallback) };
}

/** A form's end: what refused it as a whole, and its button (saying what is under way). */
function FormEnd({
  error,
  pending,
  label,
  pendingLabel,
}: {
  error: string | undefined;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </>
  );
}

/**
 * «مكتبي» (decision 080), on the desktop and the phone: register an office, answer an
 * invitation, or, as a member, see the office and where commissions go; its owner also sets
 * where they are paid and the office's share, invites agents by phone and reads the team's
 * referrals and earnings.
 */
export function OfficePage() {
  const mine = useQuery(myOfficeQuery());
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">مكتبي</h1>
        <p className="text-slate-700">سجّل منشأتك وادعُ وسطاءها، أو انضم إلى مكتب دعاك إليه صاحبه.</p>
      </div>
      <QueryView
        query={mine}
        loading={<Skeleton className="h-40" />}
        errorFallback="تعذر تحميل المكتب"
      >
        {(data) => <OfficeContent data={data} />}
      </QueryView>
    </div>
  );
}

function OfficeContent({ data }: { data: MyOffice }) {
  return (
    <>
      {data.invitations.length > 0 ? <Invitations data={data} /> : null}
      {data.office ? (
        <>
          <OfficeCard office={data.office} owner={data.role === 'owner'} />
          {data.role === 'owner' ? (
            <>
              <PayoutCard office={data.office} />
              <InviteCard />
              <Team />
            </>
          ) : null}
        </>
      ) : (
        <RegisterCard />
      )}
    </>
  );
}

/** What joining means for the broker's money, said before they join. */
function joiningTerms(invitation: MyOffice['invitations'][number]): string {
  const where =
    invitation.payoutTo === 'office'
      ? 'تُحوَّل طلبات تحويل عمولاتك من الآن إلى آيبان المكتب، ومنها رصيدك المتاح الآن'
      : 'تبقى عمولاتك تُحوَّل إلى الآيبان المسجل في حسابك';
  const share = invitation.sharePercent
    ? `، وتُسجَّل للمكتب حصة ${formatNumberAr(invitation.sharePercent)}٪ من كل عمولة جديدة`
    : '';
  return `تنضم إلى مكتب ${invitation.officeName}: ${where}${share}. إحالاتك وعمولاتك لك، وتبقى لك إن غادرت.`;
}

function Invitations({ data }: { data: MyOffice }) {
  const [joining, setJoining] = useState<MyOffice['invitations'][number] | null>(null);
  const answer = useAnswerInvitation({
    onSuccess: (_, { accept }) => {
      setJoining(null);
      toast({ title: accept ? 'انضممت إلى المكتب' : 'رُفضت الدعوة' });
    },
    onError: errorToast('تعذر الرد على الدعوة', 'حاول مرة أخرى'),
  });
  return (
    <Card className="space-y-3">
      <CardTitle>دعوات للانضمام إلى مكتب</CardTitle>
      <ul aria-label="الدعوات" className="divide-y divide-slate-200">
        {data.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
            <p className="min-w-0 flex-1 basis-56">
              دعاك <bdi>{invitation.ownerName}</bdi> للانضمام إلى مكتب{' '}
              <bdi className="font-bold">{invitation.officeName}</bdi> في{' '}
              {formatDateAr(invitation.invitedAt)}.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={answer.isPending || data.office !== null}
                onClick={() => setJoining(invitation)}
              >
                قبول الدعوة
                <span className="sr-only"> إلى {invitation.officeName}</span>
              </Button>
              <Button
                variant="outline"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: invitation.id, accept: false })}
              >
                رفض
                <span className="sr-only"> دعوة {invitation.officeName}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {data.office ? (
        <p className="text-sm text-slate-700">أنت عضو في مكتب: غادره أولاً لتقبل دعوة أخرى.</p>
      ) : null}
      {joining ? (
        <ConfirmDialog
          title="الانضمام إلى المكتب"
          description={joiningTerms(joining)}
          confirmLabel="انضمام"
          pendingLabel="جاري الانضمام..."
          variant="default"
          pending={answer.isPending}
          onConfirm={() => answer.mutate({ id: joining.id, accept: true })}
          onClose={() => setJoining(null)}
        />
      ) : null}
    </Card>
  );
}

function RegisterCard() {
  const [values, setValues] = useState({ name: '', crNumber: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateOffice({
    onSuccess: () => toast({ title: 'سُجّل مكتبك' }),
    onError: (error) => setErrors(refusalOf(error, 'تعذر تسجيل المكتب')),
  });
  return (
    <Card className="space-y-3">
      <CardTitle>تسجيل مكتب</CardTitle>
      <p className="text-sm text-slate-700">
        تصبح صاحب المكتب وأول أعضائه، وتدعو وسطاءه برقم جوالهم.
      </p>
      <form
        noValidate
        aria-label="تسجيل مكتب"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = officeBody.safeParse(values);
          if (!parsed.success) {
            setErrors(fieldIssues(parsed.error));
            return;
          }
          setErrors({});
          create.mutate(values);
        }}
      >
        <FormField label="اسم المكتب" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              maxLength={100}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
            />
          )}
        </FormField>
        <FormField label="رقم السجل التجاري" error={errors.crNumber} hint="١٠ أرقام">
          {(control) => (
            <Input
              {...control}
              value={values.crNumber}
              inputMode="numeric"
              dir="ltr"
              className="text-end"
              onChange={(e) => setValues({ ...values, crNumber: e.target.value })}
            />
          )}
        </FormField>
        <FormEnd
          error={errors.form}
          pending={create.isPending}
          label="تسجيل المكتب"
          pendingLabel="جاري التسجيل..."
        />
      </form>
    </Card>
  );
}

function OfficeCard({ office, owner }: { office: Office; owner: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const leave = useLeaveOffice({
    onSuccess: () => {
      setLeaving(false);
      toast({ title: 'غادرت المكتب' });
    },
    onError: errorToast('تعذرت مغادرة المكتب', 'حاول مرة أخرى'),
  });
  return (
    <Card className="space-y-3">
      <CardTitle>
        <bdi>{office.name}</bdi>
      </CardTitle>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-700">السجل التجاري</dt>
          <dd className="font-medium">
            <bdi dir="ltr">{office.crNumber}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">صاحب المكتب</dt>
          <dd className="font-medium">
            <bdi>{office.ownerName}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">تحويل العمولات</dt>
          <dd className="font-medium">
            {officePayeeLabel(office.payoutTo)}
            {office.payoutTo === 'office' && office.iban ? (
              <>
                {' '}
                <bdi dir="ltr">{office.iban}</bdi>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">حصة المكتب من كل عمولة</dt>
          <dd className="font-medium">
            {office.sharePercent ? `${formatNumberAr(office.sharePercent)}٪` : 'لا حصة'}
          </dd>
        </div>
      </dl>
      {owner ? null : (
        <>
          <p className="text-sm text-slate-700">إحالاتك وعمولاتك لك، وتبقى لك إن غادرت المكتب.</p>
          <Button variant="outline" onClick={() => setLeaving(true)}>
            مغادرة المكتب
          </Button>
        </>
      )}
      {leaving ? (
        <ConfirmDialog
          title="مغادرة المكتب"
          description={`تغادر مكتب ${office.name}: تبقى إحالاتك وعمولاتك لك، وتُحوَّل طلبات تحويلك الجديدة إلى الآيبان المسجل في حسابك.`}
          confirmLabel="مغادرة المكتب"
          pendingLabel="جاري المغادرة..."
          pending={leave.isPending}
          onConfirm={() => leave.mutate()}
          onClose={() => setLeaving(false)}
        />
      ) : null}
    </Card>
  );
}

type PayoutValues = { payoutTo: OfficePayee; share: string; iban: string; password: string };

function PayoutCard({ office }: { office: Office }) {
  const [values, setValues] = useState<PayoutValues>({
    payoutTo: office.payoutTo,
    share: office.sharePercent === null ? '' : String(office.sharePercent),
    iban: office.iban ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetOfficePayout({
    onSuccess: () => {
      setValues((current) => ({ ...current, password: '' }));
      toast({ title: 'حُفظت طريقة تحويل العمولات' });
    },
    onError: (error) => setErrors(refusalOf(error, 'تعذر حفظ طريقة التحويل')),
  });
  const set = (field: keyof PayoutValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field === 'share' ? 'sharePercent' : field]: '' }));
  };
  const submit = () => {
    // The Saudi keyboard's digits (٠-٩) as typed.
    const digits = toLatinDigits(values.share.trim());
    const body = {
      payoutTo: values.payoutTo,
      sharePercent: digits === '' ? null : Number(digits),
      // The IBAN only goes with «إلى آيبان المكتب»: paying the agents keeps the office's as it is.
      iban: values.payoutTo === 'office' && values.iban.trim() !== '' ? values.iban : null,
      password: values.password,
    };
    const parsed = officePayoutBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldIssues(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  return (
    <Card className="space-y-3">
      <CardTitle>تحويل عمولات الأعضاء</CardTitle>
      <form
        noValidate
        aria-label="تحويل عمولات الأعضاء"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">تُحوَّل العمولات</legend>
          {OFFICE_PAYEES.map((payee) => (
            <label key={payee} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="payoutTo"
                value={payee}
                checked={values.payoutTo === payee}
                onChange={() => set('payoutTo', payee)}
                className="size-5 shrink-0 accent-brand-700"
              />
              {officePayeeLabel(payee)}
            </label>
          ))}
        </fieldset>
        {values.payoutTo === 'office' ? (
          <FormField label="آيبان المكتب" error={errors.iban}>
            {(control) => (
              <Input
                {...control}
                value={values.iban}
                dir="ltr"
                className="text-end"
                autoComplete="off"
                onChange={(e) => set('iban', e.target.value)}
              />
            )}
          </FormField>
        ) : null}
        <FormField
          label="حصة المكتب من كل عمولة (٪)"
          error={errors.sharePercent}
          hint="اختياري: تُسجَّل على كل عمولة يحققها عضو في المكتب، لتسوية الحساب بين المكتب ووسطائه."
        >
          {(control) => (
            <Input
              {...control}
              value={values.share}
              inputMode="numeric"
              dir="ltr"
              className="text-end"
              onChange={(e) => set('share', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="كلمة المرور الحالية" error={errors.password}>
          {(control) => (
            <PasswordInput
              {...control}
              value={values.password}
              autoComplete="current-password"
              onChange={(e) => set('password', e.target.value)}
            />
          )}
        </FormField>
        <FormEnd
          error={errors.form}
          pending={save.isPending}
          label="حفظ طريقة التحويل"
          pendingLabel="جاري الحفظ..."
        />
      </form>
    </Card>
  );
}

function InviteCard() {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const invite = useInviteAgent({
    onSuccess: () => {
      setPhone('');
      toast({ title: 'أُرسلت الدعوة' });
    },
    onError: (failure) =>
      setError(fieldErrors(failure).phone ?? errorMessage(failure, 'تعذر إرسال الدعوة')),
  });
  return (
    <Card className="space-y-3">
      <CardTitle>دعوة وسيط</CardTitle>
      <form
        noValidate
        aria-label="دعوة وسيط"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = officeInvitationBody.safeParse({ phone });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          setError(undefined);
          invite.mutate(parsed.data.phone);
        }}
      >
        <FormField
          label="جوال الوسيط"
          error={error}
          hint="تصله الدعوة في حسابه وبرسالة على جواله، ويقبلها من صفحة «مكتبي»."
        >
          {(control) => (
            <PhoneInput
              {...control}
              value={phone}
              autoComplete="off"
              onChange={(e) => setPhone(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'جاري الإرسال...' : 'إرسال الدعوة'}
        </Button>
      </form>
    </Card>
  );
}

const PAGE = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

function Team() {
  const { values, set } = useListParams(PAGE, 'team');
  const team = useQuery(officeTeamQuery(values.page));
  return (
    <>
      <Card className="space-y-3">
        <CardTitle>أعضاء المكتب</CardTitle>
        <QueryView
          query={team}
          loading={<Skeleton className="h-32" />}
          errorFallback="تعذر تحميل الأعضاء"
        >
          {(data) => (
            <ul aria-label="أعضاء المكتب" className="divide-y divide-slate-200">
              {data.members.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card className="space-y-3">
        <CardTitle>إحالات الفريق</CardTitle>
        <p className="text-sm text-slate-700">
          ما أحاله كل عضو وهو في المكتب، دون بيانات المستأجرين.
        </p>
        <PagedList
          query={team}
          empty="لا إحالات للفريق بعد"
          errorFallback="تعذر تحميل إحالات الفريق"
          pages={{
            label: 'صفحات إحالات الفريق',
            page: values.page,
            onPage: (page) => set({ page }),
          }}
        >
          {(data) => (
            <ul aria-label="إحالات الفريق" className="divide-y divide-slate-200">
              {data.items.map((referral) => (
                <li
                  key={referral.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
                >
                  <span className="font-medium">رقم {formatNumberAr(referral.number)}</span>
                  <bdi>{referral.agentName}</bdi>
                  <ReferralStatusBadge status={referral.status} />
                  <span>{formatDateAr(referral.submittedAt)}</span>
                  {referral.commission ? (
                    <span>
                      العمولة {formatSar(referral.commission)}
                      {referral.officeShare
                        ? `، حصة المكتب ${formatSar(referral.officeShare)}`
                        : ''}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </Card>
    </>
  );
}

function MemberRow({ member }: { member: OfficeMember }) {
  const [ending, setEnding] = useState(false);
  const end = useEndMembership({
    onSuccess: () => {
      setEnding(false);
      toast({ title: member.status === 'invited' ? 'أُلغيت الدعوة' : 'أُزيل الوسيط من المكتب' });
    },
    onError: errorToast('تعذر تنفيذ الإجراء', 'حاول مرة أخرى'),
  });
  const who = member.name ?? 'وسيط مدعو';
  const open = member.status === 'invited' || member.status === 'active';
  return (
    <li className="space-y-1 py-3">
      <p className="flex flex-wrap items-center gap-x-3 font-medium">
        <bdi>{who}</bdi>
        <bdi dir="ltr" className="text-sm text-slate-700">
          {member.phone}
        </bdi>
        <span className="text-sm text-slate-700">
          {member.role === 'owner' ? 'صاحب المكتب' : officeMemberStatusLabel(member.status)}
        </span>
      </p>
      {member.joinedAt ? (
        <p className="text-sm text-slate-700">
          الإحالات: {formatNumberAr(member.referrals)}، العقود:{' '}
          {formatNumberAr(member.signedContracts)}، العمولات: {formatSar(member.earned)}، حصة
          المكتب: {formatSar(member.officeShare)}، المدفوع: {formatSar(member.paid)}
        </p>
      ) : null}
      {member.role === 'agent' && open ? (
        <Button variant="outline" onClick={() => setEnding(true)}>
          {member.status === 'invited' ? 'إلغاء الدعوة' : 'إزالة من المكتب'}
          <span className="sr-only"> {who}</span>
        </Button>
      ) : null}
      {ending ? (
        <ConfirmDialog
          title={member.status === 'invited' ? 'إلغاء الدعوة' : 'إزالة الوسيط من المكتب'}
          description={
            member.status === 'invited'
              ? `تُلغى دعوة ${who}.`
              : `يغادر ${who} المكتب، وتبقى إحالاته وعمولاته له.`
          }
          confirmLabel={member.status === 'invited' ? 'إلغاء الدعوة' : 'إزالة'}
          pendingLabel="جاري التنفيذ..."
          pending={end.isPending}
          onConfirm={() => end.mutate(member.id)}
          onClose={() => setEnding(false)}
        />
      ) : null}
    </li>
  );
}
