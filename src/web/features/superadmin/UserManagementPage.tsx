import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { userListQuery } from '#contract/superadmin';
import { formatNumberAr } from '#domain';
import { buttonClasses } from '#ui/button';
import { Card } from '#ui/card';
import { type Column, TableOrCards } from '#ui/data-table';
import { Skeleton } from '#ui/feedback';
import { SearchInput } from '#ui/input';
import { PagedList } from '#ui/paged-list';
import { QueryView } from '#ui/query-view';
import { StatTile } from '#ui/stat-tile';
import { Switch } from '#ui/switch';
import { errorToast, toast } from '#ui/toast';
import { ProtectedAccountNote, useAdminList } from '../admin';
import { type Users, useChangeRole, usersQuery } from './api';
import { ConfirmRoleDialog, type PendingRole } from './ConfirmRoleDialog';
import { DocumentRetentionCard } from './DocumentRetentionCard';

type User = Users['items'][number];

/**
 * /user-management: super-admins grant and remove the admin and super-admin roles. Cards on a
 * phone, a dense table from 1024 px (in the server's order: the list has no sort). Below them,
 * the platform's retention period for tenants' documents.
 */
export function UserManagementPage() {
  // The search and the page, in the URL (`?search=…&page=2`).
  const list = useAdminList(userListQuery);
  const { page, search } = list.query;
  const users = useQuery(usersQuery({ page, search }));
  // A switch only asks; the role changes once the dialog naming the person is confirmed.
  const [asking, setAsking] = useState<PendingRole | null>(null);
  const change = useChangeRole({
    onSuccess: () => {
      setAsking(null);
      toast({ title: 'تم تحديث الصلاحيات' });
    },
    onError: (error) => {
      setAsking(null);
      errorToast('خطأ', 'حدث خطأ في تحديث الصلاحيات')(error);
    },
  });

  // A switch only asks; the dialog names the person and the role.
  const roleSwitch = (u: User, role: PendingRole['role']) => {
    const name = u.fullName || u.phone;
    return role === 'isAdmin' ? (
      <Switch
        label={`صلاحية المشرف: ${name}`}
        checked={u.isAdmin}
        disabled={u.isProtected || change.isPending}
        onCheckedChange={(on) => setAsking({ id: u.id, name, role, on })}
      />
    ) : (
      <Switch
        label={`صلاحية المشرف العام: ${name}`}
        checked={u.isSuperAdmin}
        disabled={(u.isProtected && u.isSuperAdmin) || change.isPending}
        onCheckedChange={(on) => setAsking({ id: u.id, name, role, on })}
      />
    );
  };
  const columns: Column<User>[] = [
    {
      id: 'name',
      header: 'الاسم',
      cell: (u) => (
        <div className="space-y-1">
          <p className="font-bold">{u.fullName || 'بدون اسم'}</p>
          {u.isProtected ? <ProtectedAccountNote /> : null}
        </div>
      ),
    },
    { id: 'phone', header: 'الجوال', cell: (u) => <bdi dir="ltr">{u.phone}</bdi> },
    { id: 'code', header: 'رمز الوسيط', cell: (u) => <bdi dir="ltr">{u.brokerCode}</bdi> },
    { id: 'admin', header: 'مشرف', cell: (u) => roleSwitch(u, 'isAdmin') },
    { id: 'superAdmin', header: 'مشرف عام', cell: (u) => roleSwitch(u, 'isSuperAdmin') },
  ];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">إدارة المستخدمين</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/holidays" className={buttonClasses('outline')}>
            العطل الرسمية
          </Link>
          <Link to="/groups" className={buttonClasses('outline')}>
            مجموعات الوسطاء
          </Link>
          <Link to="/webhooks" className={buttonClasses('outline')}>
            ربط الأنظمة
          </Link>
          <Link to="/audit-log" className={buttonClasses('outline')}>
            سجل التدقيق
          </Link>
          <Link to="/data-incidents" className={buttonClasses('outline')}>
            سجل حوادث البيانات
          </Link>
        </div>
      </div>
      <section aria-label="أعداد المستخدمين" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {/* The list below shows this query's failure. */}
        <QueryView
          query={users}
          loading={[1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-24" />)}
          quietOnError
        >
          {({ counts }) => (
            <>
              <StatTile label="إجمالي المستخدمين" value={formatNumberAr(counts.total)} />
              <StatTile label="المفعلون" value={formatNumberAr(counts.active)} />
              <StatTile label="المشرفون" value={formatNumberAr(counts.admins)} />
              <StatTile label="المشرفون العامون" value={formatNumberAr(counts.superAdmins)} />
            </>
          )}
        </QueryView>
      </section>
      <SearchInput
        by="بالجوال أو الاسم أو رمز الوسيط"
        value={list.search}
        onSearch={list.setSearch}
      />
      <PagedList
        query={users}
        empty="لا يوجد مستخدمون مطابقون"
        pages={{ label: 'صفحات المستخدمين', page, onPage: list.setPage }}
      >
        {(data) => (
          <TableOrCards
            caption="المستخدمون"
            columns={columns}
            rows={data.items}
            rowKey={(u) => u.id}
            listClassName="space-y-3"
            card={(u) => (
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="space-y-1">
                  <p className="font-bold">{u.fullName || 'بدون اسم'}</p>
                  <p className="flex flex-wrap gap-x-4 text-sm">
                    <bdi dir="ltr">{u.phone}</bdi>
                    <bdi dir="ltr">{u.brokerCode}</bdi>
                  </p>
                  {u.isProtected ? <ProtectedAccountNote /> : null}
                </div>
                <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
                  <span className="flex items-center gap-1 text-sm">
                    مشرف
                    {roleSwitch(u, 'isAdmin')}
                  </span>
                  <span className="flex items-center gap-1 text-sm">
                    مشرف عام
                    {roleSwitch(u, 'isSuperAdmin')}
                  </span>
                </div>
              </Card>
            )}
          />
        )}
      </PagedList>
      <DocumentRetentionCard />
      {asking ? (
        <ConfirmRoleDialog
          change={asking}
          pending={change.isPending}
          onConfirm={() => change.mutate({ id: asking.id, role: { [asking.role]: asking.on } })}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
