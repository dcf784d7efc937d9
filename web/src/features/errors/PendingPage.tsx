import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { routes } from '../../app/paths.ts';

/** Placeholder for a guarded route whose screen is not built yet: its title only. */
const PendingPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = Object.values(routes).find((r) => r.path === pathname);
  return <h1 className="h3">{t(route?.pageTitle ?? 'error.title')}</h1>;
};

export default PendingPage;
