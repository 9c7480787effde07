import { mayOpen, ROUTES, type RouteEntry } from '@stockyard/shared';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { LoginPage } from '@/features/auth/login-page';
import { prepareClassMerge } from '@/lib/cn';
import { preloadable } from '@/lib/preloadable';
import { sessionStore, useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { prepareTypefaces } from '@/lib/typefaces';
import { PageFrame } from './page-frame';
import { useDocumentTitle } from './page-title';
import { LABEL_PATHS, PAGES, preloadPage, routeAt } from './pages';
import { ProtectedRoute } from './protected-route';

// The shell stays out of the sign-in page's bundle.
const AppShell = preloadable(() => import('./layout/app-shell'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/**
 * A page this user may not open (by role, or as a USER by the page's flag) sends them home, and
 * says why: an open page goes when an admin takes its flag away, which would otherwise look like
 * the app jumping to the Dashboard by itself.
 */
function RoleGate({ route, children }: { route: RouteEntry; children: React.ReactNode }) {
  const session = useSession();
  if (!mayOpen(session?.user, route)) {
    return LABEL_PATHS.has(route.path) ? <LabelNotOpened /> : <SentHome title={route.title} />;
  }
  return children;
}

/**
 * A label scanned by someone who may not view the inventory: the page says so and stays, since
 * landing on the Dashboard looks as if the scan did nothing.
 */
function LabelNotOpened() {
  return (
    <div role="alert" className="mx-auto max-w-md space-y-3 py-16 text-center">
      <h1 className="text-xl font-semibold">This label cannot be opened with your account</h1>
      <p className="text-sm text-muted-foreground">
        A label opens the inventory of its material or location, and your account does not have the
        View Inventory permission. Ask an admin to give it to you.
      </p>
      <a href="/" className="text-sm font-medium underline">
        Go to the Dashboard
      </a>
    </div>
  );
}

/** Says why the Dashboard shows instead of the page asked for. */
function sayNoAccess(title: string) {
  notifyToast.info(`No access to ${title}`, {
    id: 'no-access',
    description:
      'Your account does not have the permission for this page, so it shows the Dashboard.',
  });
}

function SentHome({ title }: { title: string }) {
  useEffect(() => sayNoAccess(title), [title]);
  return <Navigate to="/" replace />;
}

/**
 * A visit to a page the stored session's user may not open goes to the Dashboard before the first
 * render, as RoleGate would send it once the page had rendered: the address is the Dashboard's
 * from the start, and a phone draws the Dashboard once, not the shell, a redirect and then the
 * Dashboard. Runs once, as the router is made; the address asked for is kept for
 * NoAccessOnArrival.
 */
function sendRefusedVisitHome(): { route: RouteEntry; address: string } | null {
  const user = sessionStore.get()?.user;
  const route = routeAt(window.location.pathname);
  if (!user || !route || mayOpen(user, route) || LABEL_PATHS.has(route.path)) return null;
  const { pathname, search, hash } = window.location;
  window.history.replaceState(null, '', '/');
  return { route, address: pathname + search + hash };
}

let refusedOnArrival = sendRefusedVisitHome();

/**
 * Once the session is confirmed: says why the visit was sent home as the app started, or, when the
 * server's answer gives the user the page after all (the stored user was older: an admin gave a
 * flag since), goes back to it.
 */
function NoAccessOnArrival() {
  const user = useSession()?.user;
  const navigate = useNavigate();
  useEffect(() => {
    const arrival = refusedOnArrival;
    if (!arrival) return;
    refusedOnArrival = null;
    if (mayOpen(user, arrival.route)) navigate(arrival.address, { replace: true });
    else sayNoAccess(arrival.route.title);
  }, [user, navigate]);
  return null;
}

function pageRoutes(): RouteObject[] {
  return ROUTES.map((route) => {
    const Page = PAGES[route.path];
    if (!Page) throw new Error(`No page for route ${route.path}`);
    const element = (
      <RoleGate key={route.path} route={route}>
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          }
        >
          <Page />
        </Suspense>
      </RoleGate>
    );
    return route.path === '/' ? { index: true, element } : { path: route.path.slice(1), element };
  });
}

/** Every page, the sign-in page included, names itself in the browser tab. */
function TitledPages() {
  useDocumentTitle();
  return <Outlet />;
}

/**
 * The shell's code and the page's, fetched as soon as the frame is on the screen, beside the
 * session's check, rather than one after the other behind it. Not before: on a slow network they
 * would share it with the first code and hold back the frame's first paint.
 */
function preloadSignedIn() {
  void AppShell.preload().catch(() => undefined);
  prepareClassMerge();
  void prepareTypefaces();
  preloadPage(window.location.pathname, sessionStore.get()?.user);
}

export const router = createBrowserRouter([
  {
    element: <TitledPages />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/',
        element: (
          // One frame while the session is confirmed, the shell's code loads and the device's copy
          // comes back (each suspends): the same elements on the screen throughout, not a frame
          // replaced by another at each step.
          <Suspense fallback={<PageFrame onPainted={preloadSignedIn} />}>
            <ProtectedRoute>
              <AppShell />
              <NoAccessOnArrival />
            </ProtectedRoute>
          </Suspense>
        ),
        children: [...pageRoutes(), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
]);
