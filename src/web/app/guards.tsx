import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { type Profile, useSession } from '#lib/session';
import { PageLoading } from '#ui/feedback';

export type Access = 'broker' | 'admin' | 'superadmin' | 'mobile';

const allowed = (profile: Profile, access: Access) =>
  access === 'admin'
    ? profile.isAdmin || profile.isSuperAdmin
    : access === 'superadmin'
      ? profile.isSuperAdmin
      : true;

/**
 * Route guard of docs/product.md#screens: loading text while the session resolves; signed out to
 * /login (mobile pages to /mobile); missing privilege to /dashboard.
 */
export function RequireSession({ access, children }: { access: Access; children: ReactNode }) {
  const { profile, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!profile) return <Navigate to={access === 'mobile' ? '/mobile' : '/login'} replace />;
  if (!allowed(profile, access)) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Public sign-in pages send a signed-in user on to where they would go after signing in. */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const { profile, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (profile) return <Navigate to={to} replace />;
  return children;
}
