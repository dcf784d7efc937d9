import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../layout/Layout.tsx';
import { Loading } from '../shared/Loading.tsx';
import { Guard, PageTitle } from './Guard.tsx';
import { type RouteName, routes } from './paths.ts';

type Page = LazyExoticComponent<ComponentType>;

// Every screen is its own chunk: the sign-in page loads only the shell (issue 6, < 300 KB).
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

const HomePage = page(() => import('../features/home/HomePage.tsx'));
const ErrorPage = page(() => import('../features/errors/ErrorPage.tsx'));
const TimelinePage = page(() => import('../features/timeline/TimelinePage.tsx'));
const PendingPage = page(() => import('../features/errors/PendingPage.tsx'));

/** The screen of each named route; a route without one yet shows its title, still guarded. */
const screens: Partial<Record<RouteName, Page>> = {
  home: HomePage,
  error: ErrorPage,
  accessDenied: ErrorPage,
  timeline: TimelinePage,
};

export const AppRoutes = () => (
  <Routes>
    <Route element={<Layout />}>
      {(Object.keys(routes) as RouteName[]).map((name) => {
        const route = routes[name];
        const Screen = screens[name] ?? PendingPage;
        return (
          <Route
            key={name}
            path={route.path}
            element={
              <Guard route={route}>
                <PageTitle route={route} />
                <Suspense fallback={<Loading />}>
                  <Screen />
                </Suspense>
              </Guard>
            }
          />
        );
      })}
      <Route path="*" element={<ErrorPage />} />
    </Route>
  </Routes>
);
