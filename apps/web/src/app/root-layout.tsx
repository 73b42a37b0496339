import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { LoginRequired } from '../components/login-required';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { LoadingState } from '../components/states';
import { MaintenanceBanner } from '../components/maintenance-banner';
import { Toaster } from '../components/toaster';
import { isMobileEmbedPath, isPublicPath } from '../config/paths';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useIsLoggedIn } from '../lib/session';
import { usePendingAgreements } from '../lib/legal';
import { RouteEffects } from './route-effects';

/** How a route is framed: the default layout (header, footer) or none. */
export interface RouteHandle {
  layout?: 'default' | 'none';
  /** Open to visitors although not in the public list (the not-found page). */
  public?: boolean;
}

const AccountTypeGate = lazy(() =>
  import('../features/account-type/components/account-type-gate').then((m) => ({
    default: m.AccountTypeGate,
  })),
);

const AgreementsGate = lazy(() =>
  import('../features/legal/components/agreements-gate').then((m) => ({
    default: m.AgreementsGate,
  })),
);

/** One question at a time: terms not yet agreed to first, then the account type. */
function Gates() {
  const { i18n } = useTranslation();
  const pending = usePendingAgreements(i18n.language);
  if (pending.isPending) return null;
  if ((pending.data?.length ?? 0) > 0) return <AgreementsGate />;
  return <AccountTypeGate />;
}

function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined) ?? {};
}

/** The access rule: private pages render nothing of their own until the user is logged in. */
function Page() {
  const { pathname } = useLocation();
  const loggedIn = useIsLoggedIn();
  const handle = useRouteHandle();
  if (!isPublicPath(pathname) && !handle.public && !loggedIn) return <LoginRequired />;
  return (
    <Suspense fallback={<LoadingState />}>
      <Outlet />
    </Suspense>
  );
}

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const layout = useRouteHandle().layout ?? 'default';
  const loggedIn = useIsLoggedIn();
  // /m pages are embedded in the mobile app: no global setup widget there.
  const embedded = isMobileEmbedPath(pathname);
  return (
    <>
      <RouteEffects />
      {layout === 'default' ? (
        <div className="app">
          <a className="skip-link" href="#main">
            {t('app.skip')}
          </a>
          <Header bell={<NotificationBell />} />
          <MaintenanceBanner />
          <main id="main" className="app-main container">
            <Page />
          </main>
          <Footer />
        </div>
      ) : (
        <Page />
      )}
      {!embedded && loggedIn && (
        <Suspense fallback={null}>
          <Gates />
        </Suspense>
      )}
      <Toaster />
    </>
  );
}
