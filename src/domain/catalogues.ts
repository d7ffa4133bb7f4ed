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

export const COMMISSION_STATUS_KEYS = ['pending', 'requested', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUS_KEYS)[number];

const COMMISSION_LABELS: Record<string, string> = {
  pending: 'معلقة',
  requested: 'مطلوبة',
  paid: 'مدفوعة',
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
