import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumberAr } from '../../../domain';
import type { Profile } from '../../app/session';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, Skeleton } from '../../components/ui/feedback';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { refreshQueries } from '../../lib/queries';
import type { Page } from '../../lib/types';

const FILTERS = [
  { value: 'all', label: 'جميع الوسطاء' },
  { value: 'active', label: 'المفعلون' },
  { value: 'inactive', label: 'غير المفعلين' },
  { value: 'pending', label: 'بانتظار التفعيل' },
];

/** Brokers tab: search by name, phone or code; activate and deactivate. */
export function AdminBrokersTab() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('all');
  const params = new URLSearchParams({ filter });
  if (search.trim()) params.set('search', search.trim());
  const list = useQuery<Page<Profile & { officeName: string | null }>>({
    queryKey: [`/api/admin/brokers?${params}`],
    staleTime: 0,
  });
  const toggle = useMutation({
    mutationFn: ({ id, activate }: { id: string; activate: boolean }) =>
      apiRequest('POST', `/api/admin/brokers/${id}/${activate ? 'activate' : 'deactivate'}`),
    onSuccess: async (_data, { activate }) => {
      toast({ title: activate ? 'تم تفعيل الحساب' : 'تم إلغاء تفعيل الحساب' });
      await refreshQueries('/api/admin');
    },
    onError: (error, { activate }) =>
      toast({
        title: 'خطأ',
        description: errorMessage(
          error,
          activate ? 'حدث خطأ في تفعيل الحساب' : 'حدث خطأ في إلغاء تفعيل الحساب',
        ),
        variant: 'destructive',
      }),
  });

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          type="search"
          aria-label="البحث بالاسم أو الجوال أو رمز الوسيط"
          placeholder="ابحث بالاسم أو الجوال أو رمز الوسيط"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          aria-label="تصفية الوسطاء"
          value={filter}
          onValueChange={setFilter}
          options={FILTERS}
        />
      </div>
      {list.data ? (
        <p className="text-sm text-slate-700">{formatNumberAr(list.data.total)} وسيط</p>
      ) : null}
      {!list.data ? (
        <Skeleton className="h-40" />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="لا يوجد وسطاء مطابقون" />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.data.items.map((b) => (
            <li key={b.id}>
              <Card className="space-y-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-bold">{b.fullName || 'بدون اسم'}</span>
                  <Badge tone={b.isActive ? 'success' : 'warning'}>
                    {b.isActive ? 'مفعل' : 'غير مفعل'}
                  </Badge>
                  {!b.isActive && b.activationRequestedAt ? (
                    <Badge tone="info">تم إرسال طلب التفعيل</Badge>
                  ) : null}
                </div>
                <p className="text-sm">
                  <bdi dir="ltr">{b.phone}</bdi> · <bdi dir="ltr">{b.brokerCode}</bdi>
                </p>
                {b.email ? (
                  <p className="text-sm" dir="ltr">
                    {b.email}
                  </p>
                ) : null}
                {b.officeName ? <p className="text-sm">{b.officeName}</p> : null}
                <Button
                  variant={b.isActive ? 'outline' : 'default'}
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate({ id: b.id, activate: !b.isActive })}
                >
                  {b.isActive ? 'إلغاء التفعيل' : 'تفعيل'}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
