import { features } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { shieldCheck } from '../../shared/icons.ts';

/**
 * The anonymous welcome page (docs/product.md §1); a signed-in user's home is the dashboard for those it
 * serves (core's `features().dashboardHome`), the timeline for the others.
 */
const HomePage = () => {
  const { t } = useTranslation();
  const { auth } = useServices();
  const account = useAccount();
  if (account !== null)
    return <Navigate to={pathTo(features(account).dashboardHome ? 'dashboard' : 'timeline')} replace />;
  return (
    <div className="row align-items-center py-4">
      <div className="col-md-3 text-center d-none d-md-block">
        <Icon shape={shieldCheck} className="display-1 text-primary" />
      </div>
      <div className="col-md-9">
        <h1 className="display-6">{t('home.title')}</h1>
        <p className="lead">{t('home.subtitle')}</p>
        <div className="alert alert-warning">
          {t('global.messages.info.authenticated.prefix')}
          <button
            type="button"
            className="btn btn-link alert-link p-0 align-baseline"
            onClick={() => auth.send({ type: 'modal.open' })}
          >
            {t('global.messages.info.authenticated.link')}
          </button>
        </div>
      </div>
    </div>
  );
};

export default HomePage;
