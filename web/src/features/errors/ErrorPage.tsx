import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { routes } from '../../app/paths.ts';

/** 'Error Page!' with the 403 message on /accessdenied, "Not found" for unknown URLs. */
const ErrorPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const denied = pathname === routes.accessDenied.path;
  const known = denied || pathname === routes.error.path;
  return (
    <div>
      <h1 className="h3">{t('error.title')}</h1>
      <div className="alert alert-danger" role="alert">
        {denied ? t('error.accessdenied') : known ? t('error.unexpected') : t('error.url.not.found')}
      </div>
    </div>
  );
};

export default ErrorPage;
