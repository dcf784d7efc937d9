import { failureMessage, type InsuredPerson, insuredApi, type MessageRef } from '@extranet/core';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';
import { useMessage } from '../../shared/useMessage.ts';

/** The insured person's own fields the popup edits; the rest of the row is sent back unchanged. */
const TEXT = ['sexe', 'numeroSecu', 'organismeAffiliation', 'motifResil'] as const;
const DATES = ['dateNaissance', 'dateEffet', 'dateResil'] as const;
type Editable = 'rang' | (typeof TEXT)[number] | (typeof DATES)[number];
type Values = Record<Editable, string>;

const valuesOf = (person: InsuredPerson): Values =>
  ({
    rang: person.rang === null ? '' : String(person.rang),
    ...Object.fromEntries([...TEXT, ...DATES].map((key) => [key, person[key] ?? ''])),
  }) as Values;

/** Empty inputs are nulls; a rank that is not a number goes as typed, for the server to refuse. */
const rowOf = (person: InsuredPerson, values: Values): typeof InsuredPerson.Encoded => {
  const blank = (text: string) => (text.trim() === '' ? null : text.trim());
  const rang = blank(values.rang);
  return {
    ...person,
    ...Object.fromEntries([...TEXT, ...DATES].map((key) => [key, blank(values[key])])),
    rang: rang === null ? null : Number(rang),
  };
};

const EditForm = ({ person, onClose }: { person: InsuredPerson; onClose: () => void }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState(() => valuesOf(person));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<MessageRef | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    runtime.run(insuredApi.update(rowOf(person, values))).then(
      // A new entry for the detail page, so it loads the saved row.
      () =>
        navigate(
          { pathname: pathTo('policeAssureDetail', { id: person.idAssure }), search: location.search },
          { replace: true },
        ),
      (failure: unknown) => {
        setSaving(false);
        setError(failureMessage(failure));
      },
    );
  };
  const input = (key: Editable, type = 'text') => (
    <Form.Group className="col-md-6 mb-2" controlId={`insured-${key}`}>
      <Form.Label>{t(`fields.${key}`)}</Form.Label>
      <Form.Control
        type={type}
        step={type === 'number' ? 1 : undefined}
        value={values[key]}
        onChange={(e) => setValues((current) => ({ ...current, [key]: e.target.value }))}
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
          {input('numeroSecu')}
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
        <Button type="submit" disabled={saving}>
          {t('entity.action.save')}
        </Button>
      </Modal.Footer>
    </Form>
  );
};

/** The 'Police Assure' edit popup (`police-assure/{id}/edit`, admin only): the insured person's own fields. */
const InsuredEditPopup = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useApi(() => insuredApi.get(Number(id)), [id]);
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

export default InsuredEditPopup;
