import { type ListSpec, type SavedFilter, savedAddress } from '@extranet/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useMessage } from '../../shared/useMessage.ts';
import type { SavedListsActor } from './SavedListsGate.tsx';

const useTexts = () => {
  const { t } = useTranslation();
  return (key: string) => t(`insight.savedLists.${key}`);
};

/** Closes a dialog once the write it sent succeeded (the machine's `written` moved). */
const useClosedOnWrite = (saved: SavedListsActor, onClose: () => void) => {
  const written = useSelector(saved, (s) => s.context.written);
  const start = useRef(written);
  useEffect(() => {
    if (written !== start.current) onClose();
  }, [written, onClose]);
};

const WriteError = ({ saved }: { saved: SavedListsActor }) => {
  const translate = useMessage();
  const error = useSelector(saved, (s) => s.context.error);
  return error === null ? null : (
    <Alert variant="danger" className="py-2" role="alert">
      {translate(error)}
    </Alert>
  );
};

/** 'Enregistrer la liste actuelle': a name and whether the list opens with it. */
export const SaveListDialog = ({
  saved,
  query,
  onClose,
}: {
  saved: SavedListsActor;
  query: string;
  onClose: () => void;
}) => {
  const s = useTexts();
  const busy = useSelector(saved, (snapshot) => snapshot.hasTag('busy'));
  const [name, setName] = useState('');
  const [isDefault, setDefault] = useState(false);
  const id = useId();
  const nameField = useRef<HTMLInputElement>(null);
  useClosedOnWrite(saved, onClose);
  // The name takes the focus once the menu gave it back to its toggle and the dialog took it.
  useEffect(() => {
    const timer = window.setTimeout(() => nameField.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') saved.send({ type: 'save', name: name.trim(), query, isDefault });
  };
  return (
    <Modal show onHide={onClose} onEntered={() => nameField.current?.focus()} aria-labelledby={`${id}-title`}>
      <Form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={s('close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {s('saveTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{s('saveHelp')}</p>
          <WriteError saved={saved} />
          <Form.Group controlId={`${id}-name`} className="mb-3">
            <Form.Label>{s('name')}</Form.Label>
            <Form.Control
              ref={nameField}
              autoFocus
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Group>
          <Form.Check
            id={`${id}-default`}
            label={s('makeDefault')}
            checked={isDefault}
            onChange={(e) => setDefault(e.target.checked)}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {s('cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy || name.trim() === ''}>
            {s('submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};

/** One saved list's row: apply, default, rename (inline), copy its address, delete. */
const Row = ({
  item,
  saved,
  spec,
  apply,
}: {
  item: SavedFilter;
  saved: SavedListsActor;
  spec: ListSpec;
  apply: (query: string) => void;
}) => {
  const s = useTexts();
  const location = useLocation();
  const busy = useSelector(saved, (snapshot) => snapshot.hasTag('busy'));
  const [renaming, setRenaming] = useState<string | null>(null);
  const [copied, setCopied] = useState<'done' | string | null>(null);
  // A deletion cannot be undone: the first click asks, in the row, before anything is sent.
  const [asking, setAsking] = useState(false);
  const id = useId();
  // The app's own address of the saved list: a colleague opening it sees it within their scope
  // (a statement's lines: those of the statement on screen).
  const search = savedAddress([], item.query, spec.address);
  const address = `${window.location.origin}${window.location.pathname}#${location.pathname}${search === '' ? '' : `?${search}`}`;
  const copy = () =>
    navigator.clipboard
      .writeText(address)
      .then(() => setCopied('done'))
      .catch(() => setCopied(address));
  return (
    <tr>
      <th scope="row" className="fw-normal">
        {renaming === null ? (
          item.name
        ) : (
          <Form
            className="d-flex gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              if (renaming.trim() !== '') saved.send({ type: 'rename', id: item.id, name: renaming.trim() });
              setRenaming(null);
            }}
          >
            <Form.Control
              size="sm"
              autoFocus
              required
              maxLength={100}
              aria-label={s('name')}
              value={renaming}
              onChange={(e) => setRenaming(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.stopPropagation();
                  setRenaming(null);
                }
              }}
            />
            <Button size="sm" type="submit">
              {s('submit')}
            </Button>
          </Form>
        )}
        {copied !== null && (
          <div className="small mt-1" role="status" id={`${id}-copied`}>
            {copied === 'done' ? (
              s('copied')
            ) : (
              <>
                {s('copyByHand')}{' '}
                <Form.Control size="sm" readOnly value={copied} onFocus={(e) => e.target.select()} />
              </>
            )}
          </div>
        )}
      </th>
      <td>{item.isDefault ? s('yes') : ''}</td>
      <td>
        <div className="d-flex flex-wrap gap-1">
          <Button size="sm" variant="primary" onClick={() => apply(item.query)}>
            {s('apply')}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy}
            onClick={() => saved.send({ type: 'default.toggle', id: item.id })}
          >
            {item.isDefault ? s('unsetDefault') : s('setDefault')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setRenaming(item.name)}>
            {s('rename')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={copy}>
            {s('copy')}
          </Button>
          {asking ? (
            <fieldset
              className="d-flex flex-wrap align-items-center gap-1 border-0 p-0 m-0"
              aria-label={s('deleteAsk')}
            >
              <span className="small fw-semibold">{s('deleteAsk')}</span>
              <Button
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() => saved.send({ type: 'delete', id: item.id })}
              >
                {s('deleteConfirm')}
              </Button>
              <Button size="sm" variant="outline-secondary" autoFocus onClick={() => setAsking(false)}>
                {s('cancel')}
              </Button>
            </fieldset>
          ) : (
            <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => setAsking(true)}>
              {s('delete')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
};

/** 'Gérer les listes enregistrées': a real table, one row per saved list of this list. */
export const ManageSavedLists = ({
  saved,
  spec,
  apply,
  onClose,
}: {
  saved: SavedListsActor;
  spec: ListSpec;
  apply: (query: string) => void;
  onClose: () => void;
}) => {
  const s = useTexts();
  const items = useSelector(saved, (snapshot) => snapshot.context.items) ?? [];
  const id = useId();
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={s('close')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {s('manageTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <WriteError saved={saved} />
        {items.length === 0 ? (
          <p className="mb-0">{s('none')}</p>
        ) : (
          <Table size="sm" className="mb-0 align-middle">
            <caption className="caption-top">{s('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{s('name')}</th>
                <th scope="col">{s('isDefault')}</th>
                <th scope="col">{s('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <Row
                  key={item.id}
                  item={item}
                  saved={saved}
                  spec={spec}
                  apply={(query) => {
                    onClose();
                    apply(query);
                  }}
                />
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {s('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
