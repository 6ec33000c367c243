import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import type { RouteAccess, RouteHandle } from '@/components/layouts/page-meta';
import { LoadingScreen } from '@/components/ui/loading';
import { toast } from '@/components/ui/toast-store';
import { useUser } from '@/features/auth/api/auth';
import { AuthCardLoading, AuthFrame } from '@/features/auth/components/auth-frame';
import { isAdmin, type User } from '@/lib/user';
import { redirectToLogin, REDIRECT_DELAY_MS } from './auth-redirect';
import { PrefetchSignedInScreens } from './prefetch';
import { afterFirstScreen, FirstPageShown } from './first-page-shown';
import { servedOpening } from '@/ssr/served-opening';
import { readShell } from './shell-reads';
import { CartPage, RealtimeBridge, Shell } from './signed-in-screens';
import { NotFoundPage } from './routes/not-found';

/** Where an admin lands instead of a customer-only page. */
const ADMIN_HOME = '/admin';

// the landing page's forms; its frame (the brand) is in this bundle, so it paints without them
const AuthCard = lazy(() => import('@/features/auth/components/auth-page').then((m) => ({ default: m.AuthCard })));

/**
 * The landing page's forms, asked for once the brand has been painted: the page's first paint
 * waits for nothing but this bundle (their code is requested a frame later).
 */
function AuthCardAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the next frame's callback runs before it is painted; the task after it, once it has been
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  if (!painted) return <AuthCardLoading />;
  return (
    <Suspense fallback={<AuthCardLoading />}>
      <AuthCard />
      {/* committed only once the sign-in page is shown: then the next screens are fetched ahead */}
      <PrefetchSignedInScreens />
    </Suspense>
  );
}

/** The page's first reads, asked for once per opening (each navigation to it), as soon as it may be shown. */
function usePageReads(reads: RouteHandle['reads']) {
  const client = useQueryClient();
  const { key } = useLocation();
  useEffect(() => {
    // the server made a first screen's reads, and the page has them (ssr/first-screen-client.ts)
    if (reads && !servedOpening(key)) void reads(client);
  }, [reads, client, key]);
}

/** What the shell shows (readShell), asked for as soon as the shell is to be shown to `user`. */
function useShellReads(user: User | null) {
  const client = useQueryClient();
  const { key } = useLocation();
  useEffect(() => {
    if (user && !servedOpening(key)) void readShell(client, user);
    // once per user: a navigation does not read the shell again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, client]);
}

/**
 * A customer's next screen is the cart: its code is fetched once the first screen is shown, read
 * and idle (the push channel's moment), so the cart opens at once from the catalogue.
 */
function usePrefetchCart(customerId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    // a failed prefetch only means the cart's code is fetched when it is opened
    if (customerId) void afterFirstScreen(client).then(() => CartPage.preload().catch(() => undefined));
  }, [customerId, client]);
}

/** Not signed in: the 'Unauthorized' toast, then /api/login after 500 ms; nothing else is rendered. */
export function UnauthorizedRedirect() {
  useEffect(() => redirectToLogin(), []);
  return null;
}

/** Signed in without role admin on an admin page: 'Access Denied', then / after 500 ms; nothing else rendered. */
export function AccessDeniedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Access Denied', description: 'Admin access required for this page', variant: 'destructive' });
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return null;
}

/**
 * The route guard and shell of every page but the admin login pages and the 404 (spec sections 2 and 4).
 * Each child route's handle says who may see it:
 * - home (/): the auth page for visitors and while the session is loading, else the dashboard;
 * - registered (/products): only exists for signed-in users (404 for visitors);
 * - signedIn (/orders): 'Unauthorized' and /api/login for visitors;
 * - customer (/cart): the same, and admins (who have no cart) go to the admin dashboard;
 * - admin (/admin/...): also 'Access Denied' and / for signed-in non-admins.
 */
export function GuardedLayout() {
  const { user, isLoading } = useUser();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const verdict = pageVerdict(handle?.access ?? 'signedIn', user, isLoading);
  usePageReads(verdict === 'page' ? handle?.reads : undefined);
  useShellReads(verdict === 'page' ? (user ?? null) : null);
  usePrefetchCart(user && !isAdmin(user) ? user.id : null);

  if (verdict === 'page' && user) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <RealtimeBridge user={user} />
        <Shell user={user} page={handle ?? { title: '' }}>
          <Suspense fallback={<LoadingScreen fullPage={false} />}>
            <Outlet />
            <FirstPageShown />
          </Suspense>
        </Shell>
      </Suspense>
    );
  }
  switch (verdict) {
    case 'landing':
      return (
        <AuthFrame landing>
          <AuthCardAfterFirstPaint />
        </AuthFrame>
      );
    case 'not-found':
      return <NotFoundPage />;
    case 'unauthorized':
      return <UnauthorizedRedirect />;
    case 'denied':
      return <AccessDeniedRedirect />;
    case 'admin-home':
      return <Navigate to={ADMIN_HOME} replace />;
    default:
      return <LoadingScreen />;
  }
}

/** What the guard shows for a route's access and the session (the rules listed above GuardedLayout); 'page': the page itself. */
export function pageVerdict(
  access: RouteAccess,
  user: User | null | undefined,
  isLoading: boolean,
): 'landing' | 'loading' | 'not-found' | 'unauthorized' | 'denied' | 'admin-home' | 'page' {
  if (access === 'home' && (isLoading || !user)) return 'landing';
  if (isLoading) return 'loading';
  if (!user) return access === 'registered' ? 'not-found' : 'unauthorized';
  if (access === 'admin' && !isAdmin(user)) return 'denied';
  if (access === 'customer' && isAdmin(user)) return 'admin-home';
  return 'page';
}
