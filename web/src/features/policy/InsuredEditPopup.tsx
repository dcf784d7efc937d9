import {
  IdAssure,
  type INSURED_EDIT_FIELDS,
  type InsuredPerson,
  insuredApi,
  insuredEditValues,
  provideInsuredEdit,
} from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { type FormEvent, useMemo } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';

type Editable = (typeof INSURED_EDIT_FIELDS)[number];

const EditForm = ({ person, onClose }: { person: InsuredPerson; onClose: () => void }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const logic = useMemo(
    () =>
      provideInsuredEdit(runtime, person, () =>
        // A new entry for the detail page, so it loads the saved row.
        navigate(
          { pathname: pathTo('policeAssureDetail', { id: person.idAssure }), search: location.search },
          { replace: true },
        ),
      ),
    [runtime, person, navigate, location.search],
  );
  const actor = useActorRef(logic, { input: { values: insuredEditValues(person) } });
  const { values, error } = useActorContext(actor);
  const { busy } = useTags(actor, ['busy']);
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  const input = (key: Editable, type = 'text') => (
    <Form.Group className="col-md-6 mb-2" controlId={`insured-${key}`}>
      <Form.Label>{t(`fields.${key}`)}</Form.Label>
      <Form.Control
        type={type}
        step={type === 'number' ? 1 : undefined}
        value={values[key] ?? ''}
        onChange={(e) => actor.send({ type: 'field.change', field: key, value: e.target.value })}
      />
    </Form.Group>
  );
  return (
    <Form noValidate onSubmit={save}>
      <Modal.Body>
        <p className="text-body-secondary">
          {person.nomprenom} — {person.police}
        </p>
        <div className="row">
          {input('rang', 'number')}
          {input('sexe')}
          {input('organismeAffiliation')}
          {input('dateNaissance', 'date')}
          {input('dateEffet', 'date')}
          {input('dateResil', 'date')}
          {input('motifResil')}
        </div>
        {error !== null && (
          <Alert variant="danger" className="mt-2 mb-0">
            {translate(error)}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('entity.action.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('entity.action.save')}
        </Button>
      </Modal.Footer>
    </Form>
  );
};

/** The 'Police Assure' edit popup (`police-assure/{id}/edit`, admin only): the insured person's own fields. */
const InsuredEditPopupOf = ({ idAssure }: { readonly idAssure: IdAssure }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, reload } = useApi(() => insuredApi.get(idAssure), [idAssure]);
  const close = () => navigate(-1);
  return (
    <Modal show onHide={close} aria-labelledby="insured-edit-title" size="lg">
      <Modal.Header closeButton closeLabel={t('lists.close')}>
        <Modal.Title id="insured-edit-title" as="h2" className="h5">
          {t('web.title.policeAssureEdit')}
        </Modal.Title>
      </Modal.Header>
      <ApiView state={state} reload={reload}>
        {(person) => <EditForm person={person} onClose={close} />}
      </ApiView>
    </Modal>
  );
};

const InsuredEditPopup = keyedPage(IdAssure, (idAssure) => <InsuredEditPopupOf idAssure={idAssure} />);

export default InsuredEditPopup;
