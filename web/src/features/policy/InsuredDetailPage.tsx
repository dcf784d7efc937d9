import { hasAnyAuthority, insuredApi } from '@extranet/core';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { formatField } from '../../shared/format.ts';
import { useApi } from '../../shared/useApi.ts';

/** The generic 'Police Assure' page: every field read-only, Back, and Edit for admins (spec §2). */
const InsuredDetailPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const account = useAccount();
  // A saved edit comes back here as a new history entry: its key reloads the row.
  const { state, reload } = useApi(() => insuredApi.get(Number(id)), [id, location.key]);
  const edit = () =>
    navigate(
      { pathname: pathTo('policeAssureEdit', { id: String(id) }), search: location.search },
      { state: { background: location } },
    );
  return (
    <div>
      <h1 className="h3">{t('assures.detail.genericTitle')}</h1>
      <ApiView state={state} reload={reload}>
        {(person) => (
          <dl className="row small">
            {Object.entries(person).map(([key, value]) => (
              <div key={key} className="col-md-6 col-xl-4 d-flex">
                <dt className="fw-normal text-body-secondary me-2">{key}</dt>
                <dd className="mb-1">{formatField(key, value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </ApiView>
      <div className="d-flex gap-2">
        <Button variant="secondary" onClick={() => navigate(-1)}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('lists.back')}
        </Button>
        {hasAnyAuthority(account, 'ROLE_ADMIN') && (
          <Button variant="primary" onClick={edit}>
            <i className="bi bi-pencil me-1" aria-hidden="true" />
            {t('entity.action.edit')}
          </Button>
        )}
      </div>
    </div>
  );
};

export default InsuredDetailPage;
