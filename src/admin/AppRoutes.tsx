/**
 * Which frame a path gets: the login and error screens stand alone; everything else needs a
 * signed-in staff member (else the login page, remembering where they were going) and shows in
 * the shell. A signed-in customer, who holds no permission code, gets the 403 screen.
 */
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SCREENS } from './routes.tsx';
import { useAdminSession } from './state/session.ts';
import { Loading } from './shell/Loading.tsx';
import { ScreenError } from './shell/ScreenError.tsx';

// Its own chunk: the login page does not wait for the whole shell.
const Shell = lazy(() => import('./shell/Shell.tsx').then((module) => ({ default: module.Shell })));

function Standalone({ name }: { name: string }) {
  const Screen = SCREENS[name]!;
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
  if (!signedIn) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate replace to={redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`} />;
  }
  if (loading) return <Loading />;
  // A failed user info with a session left is a server failure (the code handling already ended
  // sessions the server refused).
  if (failed || !user) return <Navigate replace to="/500" />;
  if (user.buttons.length === 0) return <Navigate replace to="/403" />;
  return (
    <ScreenError>
      <Suspense fallback={<Loading />}>
        <Shell user={user} />
      </Suspense>
    </ScreenError>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Standalone name="login" />} />
      <Route path="/403" element={<Standalone name="403" />} />
      <Route path="/404" element={<Standalone name="404" />} />
      <Route path="/500" element={<Standalone name="500" />} />
      <Route path="*" element={<Protected />} />
    </Routes>
  );
}
