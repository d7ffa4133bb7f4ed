import { arabicCount, inGenitive, NOUNS } from './count.js';

/**
 * Personal-data incidents (breaches) and the 72-hour clock to SDAIA
 * (docs/decisions/067-data-residency-and-the-breach-register.md). The Implementing Regulation of
 * the Personal Data Protection Law (Article 24) gives the controller 72 hours from becoming aware
 * of an incident that may harm the data or its subjects to notify SDAIA, and has the subjects told
 * without undue delay when it may harm them.
 */

/** What kind of personal data an incident touched: the kinds this product holds. */
export const DATA_INCIDENT_CATEGORIES = [
  'contact',
  'identity',
  'financial',
  'documents',
  'credentials',
  'other',
] as const;
export type DataIncidentCategory = (typeof DATA_INCIDENT_CATEGORIES)[number];

const CATEGORY_LABELS: Record<DataIncidentCategory, string> = {
  contact: 'بيانات التواصل (الجوال والبريد الإلكتروني)',
  identity: 'بيانات الهوية (الأسماء ورخص فال)',
  financial: 'البيانات المالية (الآيبان والدخل والالتزامات)',
  documents: 'المستندات المرفوعة (تعريف الراتب والتقرير الائتماني)',
  credentials: 'بيانات الدخول (كلمات المرور والجلسات)',
  other: 'بيانات أخرى',
};
export const dataIncidentCategoryLabel = (category: DataIncidentCategory): string =>
  CATEGORY_LABELS[category];

export const DATA_INCIDENT_STATUSES = ['open', 'closed'] as const;
export type DataIncidentStatus = (typeof DATA_INCIDENT_STATUSES)[number];

const STATUS_LABELS: Record<DataIncidentStatus, string> = { open: 'مفتوحة', closed: 'مغلقة' };
export const dataIncidentStatusLabel = (status: DataIncidentStatus): string =>
  STATUS_LABELS[status];

/**
 * Where a notice stands, for SDAIA and for the data subjects alike: not given yet, given (with
 * its time), or judged not required (the incident cannot harm them: Article 24 asks for a notice
 * only then). A notice given is recorded once and never changes.
 */
export const DATA_INCIDENT_NOTICES = ['pending', 'notified', 'not_required'] as const;
export type DataIncidentNotice = (typeof DATA_INCIDENT_NOTICES)[number];

const SDAIA_NOTICE_LABELS: Record<DataIncidentNotice, string> = {
  pending: 'لم تُبلَّغ بعد',
  notified: 'أُبلغت',
  not_required: 'لا يلزم إبلاغها',
};
/** SDAIA's notice, said of SDAIA («سدايا: أُبلغت»). */
export const sdaiaNoticeLabel = (notice: DataIncidentNotice): string => SDAIA_NOTICE_LABELS[notice];

const SUBJECTS_NOTICE_LABELS: Record<DataIncidentNotice, string> = {
  pending: 'لم يُبلَّغوا بعد',
  notified: 'أُبلغوا',
  not_required: 'لا يلزم إبلاغهم',
};
/** The data subjects' notice, said of them («أصحاب البيانات: أُبلغوا»). */
export const subjectsNoticeLabel = (notice: DataIncidentNotice): string =>
  SUBJECTS_NOTICE_LABELS[notice];

/** SDAIA is to be notified within this many hours of the incident's discovery. */
export const SDAIA_DEADLINE_HOURS = 72;
/** A notice still to give is due soon once this many hours or fewer are left. */
export const SDAIA_DUE_SOON_HOURS = 24;

/**
 * Where the clock stands: a notice still to give is on time, due soon or overdue; a notice given
 * was on time or late; a notice not required stops the clock.
 */
export const DATA_INCIDENT_CLOCK_STATES = [
  'on_time',
  'due_soon',
  'overdue',
  'notified_on_time',
  'notified_late',
  'not_required',
] as const;
export type DataIncidentClockState = (typeof DATA_INCIDENT_CLOCK_STATES)[number];

export type DataIncidentClock = {
  /** Discovery plus 72 hours. */
  deadlineAt: Date;
  state: DataIncidentClockState;
  /** A notice still to give before its deadline: the whole hours left, rounded up (at least 1). */
  hoursLeft: number | null;
  /** Overdue: whole hours past the deadline; notified late: the notice's delay (both rounded down). */
  hoursLate: number | null;
};

const HOUR_MS = 3_600_000;

/**
 * The 72-hour clock of an incident at `now`: the deadline is its discovery plus 72 hours, and a
 * notice given at the deadline itself is on time. Computed by the server for every answer.
 */
export function dataIncidentClock(
  incident: { discoveredAt: Date; sdaiaNotice: DataIncidentNotice; sdaiaNotifiedAt: Date | null },
  now: Date,
): DataIncidentClock {
  const deadline = incident.discoveredAt.getTime() + SDAIA_DEADLINE_HOURS * HOUR_MS;
  const deadlineAt = new Date(deadline);
  const clock = (
    state: DataIncidentClockState,
    hoursLeft: number | null,
    hoursLate: number | null,
  ) => ({ deadlineAt, state, hoursLeft, hoursLate }) satisfies DataIncidentClock;
  if (incident.sdaiaNotice === 'not_required') return clock('not_required', null, null);
  if (incident.sdaiaNotice === 'notified' && incident.sdaiaNotifiedAt) {
    const late = incident.sdaiaNotifiedAt.getTime() - deadline;
    return late > 0
      ? clock('notified_late', null, Math.floor(late / HOUR_MS))
      : clock('notified_on_time', null, null);
  }
  const left = deadline - now.getTime();
  if (left < 0) return clock('overdue', null, Math.floor(-left / HOUR_MS));
  const hoursLeft = Math.max(1, Math.ceil(left / HOUR_MS));
  return clock(hoursLeft <= SDAIA_DUE_SOON_HOURS ? 'due_soon' : 'on_time', hoursLeft, null);
}

const hours = (n: number) => arabicCount(n, inGenitive(NOUNS.hour));
const lateBy = (n: number | null) => (n !== null && n >= 1 ? hours(n) : 'أقل من ساعة');

/** The clock in one Arabic sentence: «يجب إبلاغ سدايا خلال ٥ ساعات», «… منذ ساعتين». */
export function dataIncidentClockText(
  clock: Pick<DataIncidentClock, 'state' | 'hoursLeft' | 'hoursLate'>,
): string {
  switch (clock.state) {
    case 'on_time':
    case 'due_soon':
      return `يجب إبلاغ سدايا خلال ${hours(clock.hoursLeft ?? 1)}`;
    case 'overdue':
      return `تجاوزت مهلة إبلاغ سدايا منذ ${lateBy(clock.hoursLate)}`;
    case 'notified_on_time':
      return 'أُبلغت سدايا ضمن المهلة';
    case 'notified_late':
      return `أُبلغت سدايا بعد المهلة بتأخير ${lateBy(clock.hoursLate)}`;
    case 'not_required':
      return 'لا يلزم إبلاغ سدايا';
  }
}
