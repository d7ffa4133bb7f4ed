/**
 * The audit log's actions in Arabic: every action key the server writes to `audit_log`
 * (src/server/audit/audit-actions.test.ts finds each one in the server's sources and fails on a
 * key without a label here), and the keys rows written before a rename still carry
 * (RENAMED_AUDIT_ACTIONS). The log never shows a raw key.
 */
const AUDIT_ACTION_LABELS = {
  'referral.create': 'إنشاء إحالة',
  'referral.status_change': 'تغيير حالة إحالة',
  'referral.expire': 'إلغاء إحالة لانتهاء مهلة إكمال البيانات',
  'referral.delete': 'حذف إحالة',
  'referral.resend_link': 'إعادة إرسال رابط المستأجر',
  'tenant_form.submit': 'إرسال بيانات المستأجر',
  'tenant_form.view': 'عرض بيانات المستأجر',
  'file.download': 'تنزيل مستند',
  'broker.request_activation': 'طلب تفعيل',
  'broker.activate': 'تفعيل وسيط',
  'broker.deactivate': 'إلغاء تفعيل وسيط',
  'broker.activation_refuse': 'رفض طلب تفعيل وسيط',
  'broker.delete': 'حذف وسيط',
  'broker.delete_own_account': 'حذف الحساب من قبل صاحبه',
  'broker.iban_set': 'تسجيل الآيبان لأول مرة',
  'broker.iban_change': 'تغيير الآيبان',
  'broker.referral_link_regenerate': 'تجديد رابط الإحالة',
  'broker.fal_license_update': 'تحديث بيانات رخصة فال',
  'broker.fal_license_copy': 'رفع نسخة رخصة فال',
  'broker.fal_license_verify': 'التحقق من رخصة فال',
  'broker.fal_license_refuse': 'رفض رخصة فال',
  'broker.tax_profile_update': 'تحديث الملف الضريبي',
  'broker.self_billing_accept': 'الموافقة على اتفاقية الفوترة الذاتية',
  'broker.vat_certificate': 'رفع شهادة التسجيل الضريبي',
  'broker.vat_verify': 'التحقق من التسجيل الضريبي',
  'broker.group_change': 'نقل وسيط إلى مجموعة',
  'broker.group_promote': 'ترقية وسيط إلى مجموعة أعلى',
  'broker.commission_override': 'تحديد عمولة خاصة لوسيط',
  'broker.note_add': 'إضافة ملاحظة على وسيط',
  'broker.tags_change': 'تعديل وسوم وسيط',
  'broker.nudge': 'تذكير وسيط خامل',
  'group.create': 'إنشاء مجموعة وسطاء',
  'group.update': 'تعديل مجموعة وسطاء',
  'group.delete': 'حذف مجموعة وسطاء',
  'group.make_default': 'تعيين المجموعة الافتراضية',
  'promotion_rule.create': 'إضافة قاعدة ترقية',
  'promotion_rule.delete': 'حذف قاعدة ترقية',
  'adjustment.add': 'تسوية مالية لوسيط',
  'bonus.create': 'إنشاء مكافأة',
  'bonus.update': 'تعديل مكافأة',
  'bonus.delete': 'حذف مكافأة',
  'bonus.close': 'إيقاف مكافأة',
  'bonus.award': 'صرف مكافأة لوسيط',
  'program_terms.publish': 'نشر نسخة من شروط البرنامج',
  'program_terms.accept': 'الموافقة على شروط البرنامج',
  'activation_question.create': 'إضافة سؤال لطلب التفعيل',
  'activation_question.update': 'تعديل سؤال من أسئلة طلب التفعيل',
  'activation_question.retire': 'حذف سؤال من أسئلة طلب التفعيل',
  'api_key.create': 'إنشاء مفتاح للواجهة البرمجية',
  'api_key.revoke': 'إلغاء مفتاح للواجهة البرمجية',
  'message.send': 'رسالة من الفريق إلى وسيط',
  'message.broadcasts_muted': 'كتم الرسائل الجماعية أو إلغاء كتمها',
  'broadcast.send': 'إرسال رسالة جماعية للوسطاء',
  'office.create': 'تسجيل مكتب وساطة',
  'office.payout': 'تغيير طريقة تحويل عمولات المكتب',
  'office.invite': 'دعوة وسيط إلى مكتب',
  'office.invitation_cancel': 'إلغاء دعوة إلى مكتب',
  'office.remove': 'إزالة وسيط من مكتب',
  'office.join': 'انضمام وسيط إلى مكتب',
  'office.decline': 'رفض دعوة إلى مكتب',
  'office.leave': 'مغادرة وسيط لمكتب',
  'api.call': 'طلب عبر الواجهة البرمجية',
  'user.role_change': 'تغيير الصلاحيات',
  'commission.confirm_payment': 'تأكيد دفع عمولة',
  'commission.reverse': 'إلغاء عمولة',
  'commission.release': 'انتهاء فترة انتظار عمولة',
  'commission.signal_hold': 'إيقاف عمولة بسبب تنبيه',
  'commission.signal_release': 'رفع إيقاف عمولة بعد معالجة تنبيه',
  'commission.license_hold': 'إيقاف عمولة لعدم قبول رخصة فال',
  'commission.license_release': 'رفع إيقاف عمولة بعد التحقق من رخصة فال',
  'payout.request': 'طلب تحويل',
  'payout.create': 'إنشاء دفعة من «دفع كل المستحق»',
  'payout.approve': 'اعتماد دفعة',
  'payout.bank_file': 'تنزيل ملف البنك',
  'payout.bank_file_again': 'تنزيل ملف البنك مرة أخرى',
  'payout.send': 'تعليم دفعة مُرسَلة إلى البنك',
  'payout.pay': 'تنفيذ طلب تحويل',
  'payout.fail': 'تسجيل فشل تحويل',
  'payout.reject': 'رفض طلب تحويل',
  'payout.cancel': 'إلغاء دفعة',
  'access.refused_own_money': 'محاولة مرفوضة: أموال المشرف نفسه',
  'access.refused_dual_control': 'محاولة مرفوضة: تتطلب مشرفاً آخر',
  'settings.change': 'تغيير إعداد',
  'messaging.config': 'تغيير إعدادات الرسائل',
  'outbox.retry': 'إعادة محاولة رسالة صادرة',
  'whatsapp.templates_setup': 'إعداد قوالب واتساب',
  'whatsapp.test_message': 'رسالة واتساب تجريبية',
  'export.download': 'تصدير بيانات',
  'document.view': 'فتح مستند دفع عمولة',
  'document.export': 'تصدير مستندات الدفع لشهر',
  'webhook.create': 'إضافة نقطة استقبال',
  'webhook.update': 'تعديل نقطة استقبال',
  'webhook.rotate_secret': 'تدوير سرّ نقطة استقبال',
  'webhook.delete': 'حذف نقطة استقبال',
  'webhook.resend': 'إعادة إرسال حدث',
  'holiday.add': 'إضافة عطلة رسمية',
  'holiday.remove': 'حذف عطلة رسمية',
  'signal.resolve': 'معالجة تنبيه',
  'signal.dismiss': 'تجاهل تنبيه',
  'file.retention_erase': 'حذف مستندات طلبات مغلقة بانتهاء مدة حفظها',
  'data_incident.create': 'تسجيل حادثة بيانات',
  'data_incident.sdaia_notice': 'تسجيل إبلاغ سدايا بحادثة بيانات',
  'data_incident.subjects_notice': 'تسجيل إبلاغ أصحاب البيانات بحادثة بيانات',
  'data_incident.measures': 'تحديث إجراءات حادثة بيانات',
  'data_incident.close': 'إغلاق حادثة بيانات',
  'data_incident.reopen': 'إعادة فتح حادثة بيانات',
  'data_request.view': 'اطلاع المستأجر على بياناته',
  'data_request.create': 'طلب من المستأجر بشأن بياناته',
  'data_request.correct': 'تصحيح بيانات مستأجر بطلبه',
  'data_request.erase': 'محو بيانات مستأجر بطلبه',
  'data_request.refuse': 'رفض طلب مستأجر بشأن بياناته',
} as const satisfies Record<string, string>;

type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** Every action the server writes, in the log filter's order. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/**
 * Keys only old rows carry (written before payouts had one name), each with the key written
 * for the same action today: the row reads as today's, and the filter finds it under it.
 */
export const RENAMED_AUDIT_ACTIONS: Readonly<Record<string, AuditAction>> = {
  'transfer_request.create': 'payout.request',
  'transfer_request.pay': 'payout.pay',
  'transfer_request.reject': 'payout.reject',
};

const isAuditAction = (action: string): action is AuditAction =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** The action of today that a key names: itself, or what an old key was renamed to. */
const currentAction = (action: string): AuditAction | null =>
  isAuditAction(action)
    ? action
    : Object.hasOwn(RENAMED_AUDIT_ACTIONS, action)
      ? (RENAMED_AUDIT_ACTIONS[action] ?? null)
      : null;

/** An action's Arabic name; one this build does not know reads as such, never as its key. */
export const auditActionLabel = (action: string): string => {
  const current = currentAction(action);
  return current ? AUDIT_ACTION_LABELS[current] : 'عملية أخرى';
};

/** The keys the log's filter matches for an action: the action, and its old names. */
export const auditActionKeys = (action: string): string[] => [
  action,
  ...Object.entries(RENAMED_AUDIT_ACTIONS)
    .filter(([, current]) => current === action)
    .map(([old]) => old),
];
