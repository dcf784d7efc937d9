import { getProfileInfo } from '@extranet/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useAuth, useServices } from '../app/ServicesContext.tsx';
import { Alerts } from './Alerts.tsx';
import { AppNavbar } from './AppNavbar.tsx';

import { CLIENT_VERSION } from './version.ts';

/** Shows the environment label only when the server sets one (docs/product.md §1). */
const Ribbon = () => {
  const { runtime } = useServices();
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    runtime.run(getProfileInfo(), controller.signal).then(
      (info) => setLabel(info.ribbonEnv),
      () => setLabel(null),
    );
    return () => controller.abort();
  }, [runtime]);
  if (label === null || label === '') return null;
  return (
    <div className="ribbon" data-testid="ribbon">
      {label}
    </div>
  );
};

const SignInModal = lazy(() =>
  import('../features/auth/SignInModal.tsx').then((m) => ({ default: m.SignInModal })),
);

/**
 * The sign-in dialog, a chunk of its own fetched the first time it opens (the page's first load
 * does not carry it); once shown it stays mounted, so closing animates and what was typed stays.
 */
const LazySignInModal = () => {
  const open = useAuth((s) => s.hasTag('modalOpen'));
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInModal />
    </Suspense>
  );
};

/** docs/product.md §2 layout: ribbon, navbar, central card (with the alerts), popup outlet, footer. */
export const Layout = () => {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link btn btn-light">
        {t('web.skipToContent')}
      </a>
      <Ribbon />
      <AppNavbar />
      <div className="container-fluid px-3 px-lg-4 py-3">
        <main id="main" className="card app-card" tabIndex={-1}>
          <div className="card-body">
            <Alerts />
            <Outlet />
          </div>
        </main>
        <footer className="app-footer mt-3">
          <p className="mb-0">{t('global.version', { version: CLIENT_VERSION })}</p>
        </footer>
      </div>
      <LazySignInModal />
    </>
  );
};
