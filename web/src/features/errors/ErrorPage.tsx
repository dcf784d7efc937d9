import type { LoadFailure } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { routes } from '../../app/paths.ts';
import { LoadFailureView } from './LoadFailureView.tsx';

/**
 * 'Error Page!' with the 403 message on /accessdenied, the unexpected error on /error, "not
 * found" for unknown URLs; each with a way back, never a retry that cannot succeed.
 */
const ErrorPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const failure: LoadFailure =
    pathname === routes.accessDenied.path
      ? { kind: 'denied', message: { key: 'error.accessdenied' } }
      : pathname === routes.error.path
        ? { kind: 'notFound', message: { key: 'error.unexpected' } }
        : { kind: 'notFound', message: { key: 'error.notFound' } };
  return (
    <div>
      <h1 className="h3">{t('error.title')}</h1>
      <LoadFailureView failure={failure} retry={() => undefined} />
    </div>
  );
};

export default ErrorPage;
