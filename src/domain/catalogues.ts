export const CITIES = [
  { key: 'riyadh', label: 'الرياض' },
  { key: 'jeddah', label: 'جدة' },
  { key: 'dammam', label: 'الدمام' },
  { key: 'makkah', label: 'مكة المكرمة' },
  { key: 'medina', label: 'المدينة المنورة' },
  { key: 'khobar', label: 'الخبر' },
  { key: 'taif', label: 'الطائف' },
  { key: 'other', label: 'أخرى' },
] as const;
export const CITY_KEYS = CITIES.map((c) => c.key);
export type City = (typeof CITIES)[number]['key'];

export const PROPERTY_TYPES = [
  { key: 'apartment', label: 'شقة' },
  { key: 'villa', label: 'فيلا' },
  { key: 'other', label: 'أخرى' },
] as const;
export const PROPERTY_TYPE_KEYS = PROPERTY_TYPES.map((p) => p.key);
export type PropertyType = (typeof PROPERTY_TYPES)[number]['key'];

/**
 * A commission's states: `on_hold` inside the holding period (not payable until its
 * `payableAt`), `pending` payable, `requested` held by an open transfer request, `paid`, and
 * `reversed` (its contract fell through: never payable again; what was paid of it is deducted
 * from the broker's next payments).
 */
export const COMMISSION_STATUS_KEYS = [
  'on_hold',
  'pending',
  'requested',
  'paid',
  'reversed',
] as const;
export type CommissionStatus = (typeof COMMISSION_STATUS_KEYS)[number];

/** Days a new commission waits before it may be paid, unless super-admins set another. */
export const DEFAULT_HOLDING_DAYS = 0;
/** The most a holding period may be: a year. */
export const MAX_HOLDING_DAYS = 365;

const COMMISSION_LABELS: Record<string, string> = {
  on_hold: 'في فترة الانتظار',
  pending: 'معلقة',
  requested: 'مطلوبة',
  paid: 'مدفوعة',
  reversed: 'ملغاة',
  potential: 'عمولة محتملة',
};

const labelFrom =
  (list: readonly { key: string; label: string }[]) => (key: string | null | undefined) =>
    key ? (list.find((item) => item.key === key)?.label ?? key) : '';

export const cityLabel = labelFrom(CITIES);
export const propertyTypeLabel = labelFrom(PROPERTY_TYPES);

/** The labels of docs/product.md#commissions; any other status is shown as it is. */
export function commissionStatusLabel(status: string): string {
  return COMMISSION_LABELS[status] ?? status;
}
