/**
 * Which frame a path gets: the constant routes (login, 403, 404, 500) stand alone; everything else
 * needs a signed-in staff member (else the login page, remembering where they were going) and
 * shows in the shell with the user's route table. A signed-in customer, who holds no permission
 * code, gets the 403 screen. A staff member the owner requires to use two-step sign-in, who has
 * none, gets its set-up alone.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { twoFactorApi } from '../domain/api/admin/two-factor.ts';
import { useApiQuery } from './api.ts';
import { EnrolFirst } from './screens/two-step/EnrolFirst.tsx';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RouteTableContext, SCREENS, useConstantRoutes, useUserRouteTable } from './routes.tsx';
import { titleKey } from './state/route-table.ts';
import { useAdminSession } from './state/session.ts';
import type { MessageKey } from '../i18n/core.ts';
import { useT } from './i18n.tsx';
import { useDocumentTitle } from './frame/document-title.ts';
import { Loading } from './frame/Loading.tsx';
import { ScreenError } from './frame/ScreenError.tsx';

// Its own chunk: the login page does not wait for the whole shell.
const Shell = lazy(() => import('./frame/Shell.tsx').then((module) => ({ default: module.Shell })));

function Standalone({ name, title }: { name: string; title: MessageKey }) {
  const Screen = SCREENS[name]!;
  const { t } = useT();
  useDocumentTitle(t(title));
  return (
    <ScreenError>
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    </ScreenError>
  );
}

function Protected() {
  const location = useLocation();
  const { signedIn, user, loading, failed } = useAdminSession();
  const routes = useUserRouteTable(user);
  // The owner's requirement (docs/back-office.md "Two-step sign-in"): without it, the set-up alone;
  // held until the recovery codes were put away, though the status turns the moment it is on.
  const twoStep = useApiQuery(twoFactorApi.status, undefined, { enabled: signedIn, silent: true });
  const [enrolling, setEnrolling] = useState(false);
  useEffect(() => {
    if (twoStep.data?.mustEnrol) setEnrolling(true);
  }, [twoStep.data?.mustEnrol]);
  if (!signedIn) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate replace to={redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`} />;
  }
  if (loading) return <Loading />;
  // A failed user info with a session left is a server failure (the code handling already ended
  // sessions the server refused).
  if (failed || !user || routes.failed) return <Navigate replace to="/500" />;
  if (user.buttons.length === 0) return <Navigate replace to="/403" />;
  if (enrolling || twoStep.data?.mustEnrol) return <EnrolFirst onDone={() => setEnrolling(false)} />;
  if (!twoStep.data && !twoStep.isError) return <Loading />;
  if (!routes.table) return <Loading />;
  if (routes.table.routes.length === 0) return <Navigate replace to="/403" />;
  return (
    <ScreenError>
      <Suspense fallback={<Loading />}>
        <RouteTableContext.Provider value={routes.table}>
          <Shell user={user} />
        </RouteTableContext.Provider>
      </Suspense>
    </ScreenError>
  );
}

export function AppRoutes() {
  const constant = useConstantRoutes();
  if (!constant) return <Loading />;
  return (
    <Routes>
      {constant.map((route) => (
        <Route key={route.name} path={route.path} element={<Standalone name={route.name} title={titleKey(route)} />} />
      ))}
      <Route path="*" element={<Protected />} />
    </Routes>
  );
}
