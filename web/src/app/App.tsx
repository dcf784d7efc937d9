import { useEffect, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HashRouter, useLocation, useNavigate } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.tsx';
import './reader.css';
import { ServicesProvider } from './ServicesContext.tsx';
import type { Services } from './services.ts';

/**
 * Hands the router's navigate to the auth machine's redirect action. Back to the very address
 * (signing in again after the session ended) replaces it, so Back does not show it twice.
 */
const NavigateBridge = ({ services }: { services: Services }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    services.navigate = (url) => navigate(url, { replace: url === here.current });
  }, [navigate, services]);
  return null;
};

/** Follows the account's language once identity is known (JHipster keeps it per account). */
const AccountLanguage = ({ services }: { services: Services }) => {
  useEffect(() => {
    let last: string | undefined;
    const subscription = services.auth.subscribe((snapshot) => {
      const lang = snapshot.context.account?.langKey;
      if (lang !== undefined && lang !== last) {
        last = lang;
        if (lang !== services.i18n.language && ['fr', 'en'].includes(lang))
          services.i18n.changeLanguage(lang);
      }
    });
    return () => subscription.unsubscribe();
  }, [services]);
  return null;
};

export const App = ({ services }: { services: Services }) => (
  <ServicesProvider services={services}>
    <I18nextProvider i18n={services.i18n}>
      <HashRouter>
        <NavigateBridge services={services} />
        <AccountLanguage services={services} />
        <AppRoutes />
      </HashRouter>
    </I18nextProvider>
  </ServicesProvider>
);
