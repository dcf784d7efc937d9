import { canAccess, features, IdAssure, insuredApi, provideAnonymise } from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { FieldValue } from '../../shared/FieldValue.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { arrowLeft, pencil } from '../../shared/icons.ts';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { AccessLogCard } from './AccessLogCard.tsx';
import { PersonalDataCard } from './PersonalDataCard.tsx';

/**
 * The generic 'Police Assure' page: every field read-only under its translated label, Back, and
 * Edit for admins (docs/product.md §2).
 */
const InsuredDetailPageOf = ({ idAssure }: { readonly idAssure: IdAssure }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const account = useAccount();
  const { runtime } = useServices();
  // Held here, not in its card: the anonymisation reloads the row (and the card) and its
  // outcome stays shown.
  const anonymiseLogic = useMemo(() => provideAnonymise(runtime), [runtime]);
  const anonymiseActor = useActorRef(anonymiseLogic, { input: { idAssure: Number(idAssure) } });
  const anonymisedAt = useSelector(anonymiseActor, (snapshot) => snapshot.context.anonymisedAt);
  // A saved edit comes back here as a new history entry: its key reloads the row; so does an
  // anonymisation, with the access log.
  const { state, reload } = useApi(() => insuredApi.get(idAssure), [idAssure, location.key, anonymisedAt]);
  const edit = () =>
    navigate(
      { pathname: pathTo('policeAssureEdit', { id: String(idAssure) }), search: location.search },
      { state: { background: location } },
    );
  return (
    <div>
      <h1 className="h3">{t('assures.detail.genericTitle')}</h1>
      <ApiView state={state} reload={reload}>
        {(person) => (
          <>
            <dl className="row small">
              {Object.entries(person).map(([key, value]) => (
                <div key={key} className="col-md-6 col-xl-4 d-flex">
                  <dt className="fw-normal text-body-secondary me-2">{t(`fields.${key}`)}</dt>
                  <dd className="mb-1">
                    <FieldValue field={key} value={value} />
                  </dd>
                </div>
              ))}
            </dl>
            <div className="d-flex gap-2">
              <Button variant="secondary" onClick={() => navigate(-1)}>
                <Icon shape={arrowLeft} className="me-1" />
                {t('lists.back')}
              </Button>
              {canAccess(account, 'policeAssureEdit') && (
                <Button variant="primary" onClick={edit}>
                  <Icon shape={pencil} className="me-1" />
                  {t('entity.action.edit')}
                </Button>
              )}
            </div>
            <PersonalDataCard
              idAssure={idAssure}
              hasNir={person.numeroSecu !== null}
              anonymiseActor={anonymiseActor}
            />
            {features(account).personalDataAdmin && (
              <AccessLogCard idAssure={idAssure} anonymisedAt={anonymisedAt} />
            )}
          </>
        )}
      </ApiView>
    </div>
  );
};

const InsuredDetailPage = keyedPage(IdAssure, (idAssure) => <InsuredDetailPageOf idAssure={idAssure} />);

export default InsuredDetailPage;
