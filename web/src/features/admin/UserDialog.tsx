import {
  Authority,
  canEditActivated,
  canSaveUser,
  languages,
  Marque,
  type UserAdminContext,
  type UserAdminEvent,
  userFormMismatch,
  validateUserForm,
} from '@extranet/core';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '../../shared/MultiSelect.tsx';
import { useMessage } from '../../shared/useMessage.ts';

type TextField =
  | 'login'
  | 'codeCourtier'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'password'
  | 'confirmPassword';

/** Create/edit dialog (docs/product.md §2): password only when creating, Save disabled while invalid or saving. */
export const UserDialog = ({
  context,
  send,
  saving,
}: {
  context: UserAdminContext;
  send: (event: UserAdminEvent) => void;
  saving: boolean;
}) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { form } = context;
  const errors = validateUserForm(form);
  const invalid = !canSaveUser(context);
  const mismatch = userFormMismatch(context);
  const creating = form.id === null;
  const f = (key: string) => t(`userManagement.field.${key}`);
  const text = (field: TextField, type = 'text', maxLength = 50) => {
    const error = context.formDirty ? errors[field] : null;
    return (
      <Form.Group className="mb-2" controlId={`user-${field}`}>
        <Form.Label>{f(field)}</Form.Label>
        <Form.Control
          type={type}
          maxLength={maxLength}
          value={form[field]}
          isInvalid={error !== null && error !== undefined}
          onChange={(e) => send({ type: 'field.change', field, value: e.target.value })}
        />
        {error && <Form.Control.Feedback type="invalid">{translate(error)}</Form.Control.Feedback>}
      </Form.Group>
    );
  };
  return (
    <Modal show onHide={() => send({ type: 'cancel' })} aria-labelledby="user-dialog-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'save' });
        }}
      >
        <Modal.Header closeButton closeLabel={t('web.close')}>
          <Modal.Title id="user-dialog-title" as="h2" className="h5">
            {t('userManagement.createOrEditLabel')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {!creating && (
            <Form.Group className="mb-2" controlId="user-id">
              <Form.Label>{f('id')}</Form.Label>
              <Form.Control value={String(form.id)} readOnly />
            </Form.Group>
          )}
          {text('login')}
          <Form.Group className="mb-2" controlId="user-marque">
            <Form.Label>{f('marque')}</Form.Label>
            <Form.Select
              value={form.marque}
              onChange={(e) => send({ type: 'field.change', field: 'marque', value: e.target.value })}
            >
              <option value="" />
              {Marque.literals.map((marque) => (
                <option key={marque} value={marque}>
                  {marque}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {text('codeCourtier', 'text', 10)}
          {text('firstName')}
          {text('lastName')}
          {text('email', 'email', 100)}
          {creating && text('password', 'password')}
          {creating && text('confirmPassword', 'password')}
          {mismatch !== null && <div className="text-danger small mb-2">{translate(mismatch)}</div>}
          <Form.Check
            className="mb-2"
            id="user-activated"
            label={f('activated')}
            checked={form.activated}
            disabled={!canEditActivated(form)}
            onChange={(e) => send({ type: 'field.change', field: 'activated', value: e.target.checked })}
          />
          {languages.length > 0 && (
            <Form.Group className="mb-2" controlId="user-lang">
              <Form.Label>{f('langKey')}</Form.Label>
              <Form.Select
                value={form.langKey}
                onChange={(e) => send({ type: 'field.change', field: 'langKey', value: e.target.value })}
              >
                {languages.map((language) => (
                  <option key={language} value={language}>
                    {language}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <MultiSelect
            label={f('profiles')}
            placeholder=""
            options={Authority.literals.map((role) => ({ value: role, label: role }))}
            value={form.authorities}
            onChange={(values) => send({ type: 'field.change', field: 'authorities', value: values })}
          />
          {context.error !== null && (
            <div className="alert alert-danger mt-2 mb-0">{translate(context.error)}</div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => send({ type: 'cancel' })}>
            {t('entity.action.cancel')}
          </Button>
          <Button type="submit" disabled={invalid || saving}>
            {t('entity.action.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
};
