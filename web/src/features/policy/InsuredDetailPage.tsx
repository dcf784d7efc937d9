import { insuredApi } from '@extranet/core';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiView } from '../../shared/ApiView.tsx';
import { formatField } from '../../shared/format.ts';
import { useApi } from '../../shared/useApi.ts';

/** The generic 'Police Assure' page: every field read-only, and Back (spec §2). */
const InsuredDetailPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useApi(() => insuredApi.get(Number(id)), [id]);
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
      <Button variant="secondary" onClick={() => navigate(-1)}>
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('lists.back')}
      </Button>
    </div>
  );
};

export default InsuredDetailPage;
