import { IdAssure, insuredApi } from '@extranet/core';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiView } from '../../shared/ApiView.tsx';
import { formatAmount, formatDate } from '../../shared/format.ts';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { Field } from './Fields.tsx';

/** The 'Détail Assuré' popup (`police-assure/{id}/view`). */
const InsuredPopupOf = ({ idAssure }: { readonly idAssure: IdAssure }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, reload } = useApi(() => insuredApi.get(idAssure), [idAssure]);
  const close = () => navigate(-1);
  const f = (key: string) => t(`fields.${key}`);
  // The popup's own short labels (docs/product.md §2 'Détail Assuré').
  const i = (key: string) => t(`assures.detail.${key}`);
  return (
    <Modal show onHide={close} aria-labelledby="insured-title" size="lg">
      <Modal.Header closeButton closeLabel={t('lists.close')}>
        <Modal.Title id="insured-title" as="h2" className="h5">
          {i('title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ApiView state={state} reload={reload}>
          {(person) => (
            <dl className="row mb-0">
              <Field label={f('rang')}>{person.rang}</Field>
              <Field label={i('nom')}>{person.nomprenom}</Field>
              <Field label={f('dateNaissance')}>{formatDate(person.dateNaissance)}</Field>
              <Field label={i('age')}>{person.age === null ? '' : `${person.age} ${i('years')}`}</Field>
              <Field label={f('sexe')}>{person.sexe}</Field>
              <Field label={f('numeroSecu')}>{person.numeroSecu}</Field>
              <Field label={f('organismeAffiliation')}>{person.organismeAffiliation}</Field>
              <Field label={f('formule')}>{person.formule}</Field>
              <Field label={i('dateCreation')}>{formatDate(person.dateCreation)}</Field>
              <Field label={i('dateEffet')}>{formatDate(person.dateEffet)}</Field>
              <Field label={i('dateResil')}>{formatDate(person.dateResil)}</Field>
              <Field label={i('dateEnregistrementResil')}>{formatDate(person.dateEnregistrementResil)}</Field>
              <Field label={i('motifResil')}>{person.motifResil}</Field>
              <Field label={i('cotisation')}>{formatAmount(person.cotisationTtc)}</Field>
            </dl>
          )}
        </ApiView>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          {t('lists.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};

const InsuredPopup = keyedPage(IdAssure, (idAssure) => <InsuredPopupOf idAssure={idAssure} />);

export default InsuredPopup;
