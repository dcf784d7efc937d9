import { type Account, features } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { Icon } from '../../shared/Icon.tsx';
import { folder2Open, people, receipt } from '../../shared/icons.ts';

/** The services block, hidden when the account has no brand (docs/product.md §1). */
export const ServicesBlock = ({ account }: { account: Account }) => {
  const { t } = useTranslation();
  if (account.marque === null) return null;
  return (
    <section className="card bg-light mt-3" aria-labelledby="services-heading">
      <div className="card-body py-2">
        <h2 id="services-heading" className="h6">
          {t('home.services.title')}
        </h2>
        <ul className="mb-0 small">
          <li>{t('home.services.portefeuille')}</li>
          <li>{t('home.services.assures')}</li>
          <li>{t('home.services.bordereaux')}</li>
        </ul>
      </div>
    </section>
  );
};

/** 'Accès rapide :' buttons by role (docs/product.md §2 "Timeline"). */
export const QuickAccess = ({ account }: { account: Account }) => {
  const { t } = useTranslation();
  const { clientSheet: portefeuille, commissions: compta } = features(account);
  if (!portefeuille && !compta) return null;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 mt-3" aria-label={t('timeline.quickAccess')}>
      <span className="fw-semibold">{t('timeline.quickAccess')}</span>
      {portefeuille && (
        <Link className="btn btn-outline-primary btn-sm" to={pathTo('police')}>
          <Icon shape={folder2Open} className="me-1" />
          {t('timeline.portefeuille')}
        </Link>
      )}
      {portefeuille && (
        <Link className="btn btn-outline-primary btn-sm" to={pathTo('policeAssure')}>
          <Icon shape={people} className="me-1" />
          {t('timeline.assures')}
        </Link>
      )}
      {compta && (
        <Link className="btn btn-outline-primary btn-sm" to={pathTo('commission')}>
          <Icon shape={receipt} className="me-1" />
          {t('timeline.bordereaux')}
        </Link>
      )}
    </nav>
  );
};
