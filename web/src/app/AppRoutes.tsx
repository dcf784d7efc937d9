import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { type Location, matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from '../layout/Layout.tsx';
import { Loading } from '../shared/Loading.tsx';
import { PHONE } from '../shared/useMediaQuery.ts';
import { Guard, PageTitle } from './Guard.tsx';
import { type RouteName, routes } from './paths.ts';

type Page = LazyExoticComponent<ComponentType>;

type Loader = () => Promise<{ default: ComponentType }>;

/** Each screen's loader, so that the screen an address names can start loading early. */
const loaders = new Map<Page, Loader>();

// Every screen is its own chunk: the sign-in page loads only the shell (< 300 KB).
const page = (load: Loader): Page => {
  const screen = lazy(load);
  loaders.set(screen, load);
  return screen;
};

/**
 * A list screen whose rows are the grid (AG Grid, the heaviest chunk): on a screen wider than a
 * phone (a phone shows cards, features/lists/ListView.tsx) the grid's chunk is requested with the
 * screen's, so the two downloads overlap instead of the grid waiting for the screen to render.
 */
const gridPage = (load: Loader): Page =>
  page(() => {
    if (!globalThis.matchMedia?.(PHONE).matches)
      // A failure here is the grid's own lazy import's to report, when the screen asks for it.
      import('../features/lists/DataGrid.tsx').catch(() => undefined);
    return load();
  });

const ErrorPage = page(() => import('../features/errors/ErrorPage.tsx'));
const PendingPage = page(() => import('../features/errors/PendingPage.tsx'));
const UsersPage = page(() => import('../features/admin/UsersPage.tsx'));

/** The screen of each named route; a route without one yet shows its title, still guarded. */
const screens: Partial<Record<RouteName, Page>> = {
  home: page(() => import('../features/home/HomePage.tsx')),
  error: ErrorPage,
  accessDenied: ErrorPage,
  timeline: page(() => import('../features/timeline/TimelinePage.tsx')),
  dashboard: page(() => import('../features/dashboard/DashboardPage.tsx')),
  police: gridPage(() => import('../features/lists/PolicyListPage.tsx')),
  policeAssure: gridPage(() => import('../features/lists/InsuredListPage.tsx')),
  commission: gridPage(() => import('../features/statements/StatementListPage.tsx')),
  anomalies: gridPage(() => import('../features/anomalies/AnomalyListPage.tsx')),
  anomalyDetail: page(() => import('../features/anomalies/AnomalyPage.tsx')),
  disputes: page(() => import('../features/disputes/DisputeListPage.tsx')),
  disputeNew: page(() => import('../features/disputes/DisputeOpenPage.tsx')),
  disputeDetail: page(() => import('../features/disputes/DisputePage.tsx')),
  commissionDetail: page(() => import('../features/statements/StatementDetailPage.tsx')),
  mouvements: page(() => import('../features/statements/StatementDetailPage.tsx')),
  commissionMouvementView: page(() => import('../features/statements/MovementPopup.tsx')),
  register: page(() => import('../features/account/RegisterPage.tsx')),
  activate: page(() => import('../features/account/ActivatePage.tsx')),
  sso: page(() => import('../features/auth/SsoReturnPage.tsx')),
  resetRequest: page(() => import('../features/account/ResetRequestPage.tsx')),
  resetFinish: page(() => import('../features/account/ResetFinishPage.tsx')),
  password: page(() => import('../features/account/PasswordPage.tsx')),
  settings: page(() => import('../features/account/SettingsPage.tsx')),
  unsubscribe: page(() => import('../features/alerts/UnsubscribePage.tsx')),
  // One component for the list and its dialog URLs: it stays mounted (list page and sort kept)
  // while a dialog opens or closes.
  userManagement: UsersPage,
  userNew: UsersPage,
  userEdit: UsersPage,
  userDelete: UsersPage,
  userDetail: page(() => import('../features/admin/UserDetailPage.tsx')),
  health: page(() => import('../features/admin/HealthPage.tsx')),
  logs: page(() => import('../features/admin/LogsPage.tsx')),
  audits: page(() => import('../features/admin/AuditsPage.tsx')),
  metrics: page(() => import('../features/admin/MetricsPage.tsx')),
  message: page(() => import('../features/message/MessagePage.tsx')),
  policeDetail: page(() => import('../features/policy/PolicyPage.tsx')),
  policeAssureDetail: page(() => import('../features/policy/InsuredDetailPage.tsx')),
  policeAssureView: page(() => import('../features/policy/InsuredPopup.tsx')),
  policeAssureEdit: page(() => import('../features/policy/InsuredEditPopup.tsx')),
};

/** Routes shown as a dialog over the page they were opened from (the popup outlet). */
const POPUPS: ReadonlySet<RouteName> = new Set([
  'policeAssureView',
  'policeAssureEdit',
  'commissionMouvementView',
]);

const names = Object.keys(routes) as RouteName[];

/**
 * Starts loading the screen (and its grid) that `pathname` names, while the account check is
 * under way: the route renders only once the account is known, and its chunks would otherwise be
 * asked for only then. The browser keeps the modules, so the screen's own lazy import finds them.
 */
export const preloadScreen = (pathname: string): void => {
  const name = names.find((n) => matchPath(routes[n].path, pathname) !== null);
  const screen = name === undefined ? undefined : screens[name];
  const load = screen === undefined ? undefined : loaders.get(screen);
  // A failure here is the screen's own lazy import's to report, when the route renders.
  load?.().catch(() => undefined);
};

const routeElement = (name: RouteName, overPage = false) => {
  const route = routes[name];
  const Screen = screens[name] ?? PendingPage;
  return (
    <Route
      key={name}
      path={route.path}
      element={
        <Guard route={route}>
          <PageTitle route={route} heading={!overPage} />
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </Guard>
      }
    />
  );
};

/**
 * The route table. A popup link passes `state.background` (the page under it), so the page
 * stays rendered and the popup opens above; reached directly, a popup renders alone.
 */
export const AppRoutes = () => {
  const location = useLocation();
  const background = (location.state as { background?: Location } | null)?.background;
  return (
    <>
      <Routes location={background ?? location}>
        <Route element={<Layout />}>
          {names.map((name) => routeElement(name))}
          <Route
            path="*"
            element={
              <>
                {/* An unknown address has a title of its own, not the previous page's. */}
                <PageTitle route={routes.error} />
                <ErrorPage />
              </>
            }
          />
        </Route>
      </Routes>
      {background !== undefined && (
        <Routes>{names.filter((name) => POPUPS.has(name)).map((name) => routeElement(name, true))}</Routes>
      )}
    </>
  );
};
