import { getProfileInfo } from '@extranet/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useServices } from '../app/ServicesContext.tsx';
import { SignInModal } from '../features/auth/SignInModal.tsx';
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
      <SignInModal />
    </>
  );
};
