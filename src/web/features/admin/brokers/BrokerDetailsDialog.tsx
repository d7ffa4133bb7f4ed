import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cityLabel, formatDateAr, formatNumberAr, formatSar } from '#domain';
import { buttonClasses } from '#ui/button';
import { Dialog } from '#ui/dialog';
import { ProtectedAccountNote } from '../shared';
import { ActivationAnswersSection } from './ActivationAnswersSection';
import { AdjustmentsSection } from './AdjustmentsSection';
import type { AdminBroker } from './api';
import { FalLicenseSection } from './FalLicenseSection';
import { GroupSection } from './GroupSection';
import { NotesSection } from './NotesSection';
import { TagsSection } from './TagsSection';
import { TaxProfileSection } from './TaxProfileSection';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-end font-medium">{value || '—'}</dd>
    </div>
  );
}

/**
 * Everything the console knows of one broker, with their FAL licence verified or refused and
 * their VAT registration verified here, the team's tags and notes on them; `onChanged` gets the
 * row as the server answered such a decision or a change of tags.
 */
export function BrokerDetailsDialog({
  broker,
  onChanged,
  onClose,
}: {
  broker: AdminBroker;
  onChanged: (broker: AdminBroker) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={broker.fullName || 'وسيط بدون اسم'}
    >
      {broker.isProtected ? <ProtectedAccountNote /> : null}
      <dl>
        <Detail label="الجوال" value={<bdi dir="ltr">{broker.phone}</bdi>} />
        <Detail label="رمز الوسيط" value={<bdi dir="ltr">{broker.brokerCode}</bdi>} />
        <Detail
          label="البريد الإلكتروني"
          value={broker.email && <bdi dir="ltr">{broker.email}</bdi>}
        />
        <Detail label="المكتب" value={broker.officeName} />
        <Detail label="المكتب المسجل" value={broker.registeredOffice} />
        <Detail label="المدينة" value={broker.city && cityLabel(broker.city)} />
        <Detail
          label="جوال إضافي"
          value={broker.secondPhone && <bdi dir="ltr">{broker.secondPhone}</bdi>}
        />
        <Detail label="نبذة" value={broker.bio} />
        <Detail label="الحالة" value={broker.isActive ? 'مفعل' : 'غير مفعل'} />
        <Detail
          label="طلب التفعيل"
          value={broker.activationRequestedAt && formatDateAr(broker.activationRequestedAt)}
        />
        <Detail
          label="الصلاحية"
          value={broker.isSuperAdmin ? 'مشرف عام' : broker.isAdmin ? 'مشرف' : 'وسيط'}
        />
        <Detail label="عدد الإحالات" value={formatNumberAr(broker.referralCount)} />
        <Detail label="إجمالي العمولات" value={formatSar(broker.commissionTotal)} />
        <Detail label="تاريخ التسجيل" value={formatDateAr(broker.createdAt)} />
      </dl>
      {broker.isAdmin || broker.isSuperAdmin ? null : (
        <Link
          to={`/admin?tab=conversations&conversations.broker=${broker.id}`}
          className={buttonClasses('outline', 'mt-3')}
          onClick={onClose}
        >
          مراسلة الوسيط
        </Link>
      )}
      <ActivationAnswersSection broker={broker} />
      <GroupSection broker={broker} />
      <TagsSection broker={broker} onChanged={onChanged} />
      <NotesSection broker={broker} />
      <AdjustmentsSection broker={broker} />
      <FalLicenseSection broker={broker} onChanged={onChanged} />
      <TaxProfileSection broker={broker} onChanged={onChanged} />
    </Dialog>
  );
}
