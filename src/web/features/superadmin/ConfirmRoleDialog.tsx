import { ConfirmDialog } from '#ui/dialog';

export type RoleKey = 'isAdmin' | 'isSuperAdmin';

/** A role change waiting for its confirmation: whose, which role, granted or removed. */
export type PendingRole = { id: string; name: string; role: RoleKey; on: boolean };

const ROLE_NAMES: Record<RoleKey, string> = { isAdmin: 'المشرف', isSuperAdmin: 'المشرف العام' };

const CONSEQUENCES: Record<RoleKey, { grant: string; remove: string }> = {
  isAdmin: {
    grant: 'سيتمكن من تفعيل الوسطاء ومعالجة الإحالات وتأكيد دفع العمولات.',
    remove: 'لن يتمكن بعد الآن من دخول لوحة الإدارة.',
  },
  isSuperAdmin: {
    grant: 'سيتمكن من إدارة صلاحيات المستخدمين وحذف الحسابات والإحالات.',
    remove: 'لن يتمكن بعد الآن من إدارة المستخدمين أو الحذف.',
  },
};

/** Asks before a role changes: the dialog names the person and the role. */
export function ConfirmRoleDialog({
  change,
  pending,
  onConfirm,
  onClose,
}: {
  change: PendingRole;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const role = ROLE_NAMES[change.role];
  const title = change.on ? `منح صلاحية ${role}` : `سحب صلاحية ${role}`;
  const question = change.on
    ? `هل تريد منح ${change.name} صلاحية ${role}؟`
    : `هل تريد سحب صلاحية ${role} من ${change.name}؟`;
  const consequence = CONSEQUENCES[change.role][change.on ? 'grant' : 'remove'];
  return (
    <ConfirmDialog
      title={title}
      description={`${question} ${consequence}`}
      confirmLabel={change.on ? 'تأكيد المنح' : 'تأكيد السحب'}
      pendingLabel="جارٍ الحفظ…"
      variant={change.on ? 'default' : 'destructive'}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
