import {
  canSendMessage,
  chosenFiles,
  IdPolice,
  MAIL_SUBJECTS,
  policeApi,
  provideMessageForm,
} from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useDropzone } from 'react-dropzone';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { paperclip, send as sendIcon } from '../../shared/icons.ts';
import { Loading } from '../../shared/Loading.tsx';
import { RouteKey } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { useMessage } from '../../shared/useMessage.ts';
import { useActorContext, useTags } from '../../shared/useTags.ts';

import { ClientPicker } from './ClientPicker.tsx';

const RichText = lazy(() => import('./RichText.tsx'));

/** 'message?idPolice=': the message to after-sales about a client file, over core's messageForm machine. */
const MessageForm = ({ idPolice }: { readonly idPolice: IdPolice }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const logic = useMemo(() => provideMessageForm(runtime), [runtime]);
  const actor = useActorRef(logic, { input: { idPolice } });
  const context = useActorContext(actor);
  const { done, busy } = useTags(actor, ['done', 'busy']);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => actor.send({ type: 'files.add', files }),
    noClick: true,
  });
  const m = (key: string) => t(`message.${key}`);
  const files = chosenFiles(context);
  const send = () => actor.send({ type: 'send' });
  // The page names the client file the message is about.
  const { state: policy } = useApi(() => policeApi.get(idPolice), [idPolice]);

  return (
    <div className="row justify-content-center">
      <div className="col-xl-8">
        <h1 className="h4">{m('title')}</h1>
        {policy.status === 'ready' && (
          <p className="lead fs-6" data-testid="message-policy">
            <Trans
              i18nKey="message.about"
              values={{ police: policy.data.police, name: policy.data.nomprenom }}
              components={{ nobreak: <span className="nobreak" /> }}
            />
          </p>
        )}
        {done && (
          <Alert variant="success" data-testid="message-sent">
            {m('sent')}
            {context.uploaded > 0 && <div className="small mt-1">{m('uploaded')}</div>}
            <div className="mt-2">
              <Link className="alert-link" to={pathTo('policeDetail', { id: String(idPolice) })}>
                {m('backToClient')}
              </Link>
            </div>
          </Alert>
        )}
        {context.error !== null && (
          <Alert variant="danger" data-testid="message-error">
            {translate(context.error)}
          </Alert>
        )}
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Form.Group className="mb-3" controlId="message-subject">
            <Form.Label>{m('subject')}</Form.Label>
            <Form.Control
              list="message-subjects"
              value={context.subject}
              onChange={(e) => actor.send({ type: 'subject.change', subject: e.target.value })}
              required
            />
            <datalist id="message-subjects">
              {MAIL_SUBJECTS.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </Form.Group>
          <div className="mb-3">
            <span id="message-body-label" className="form-label d-block">
              {m('body')}
            </span>
            <Suspense fallback={<Loading />}>
              <RichText
                labelId="message-body-label"
                value={context.body}
                onChange={(body) => actor.send({ type: 'body.change', body })}
              />
            </Suspense>
          </div>
          <div className="mb-3">
            <div className="d-flex gap-2 mb-2">
              <Button variant="outline-primary" onClick={open}>
                <Icon shape={paperclip} className="me-1" />
                {m('choose')}
              </Button>
              {files.length > 0 && (
                <Button
                  variant="outline-secondary"
                  onClick={() => {
                    for (const file of [...files].reverse())
                      actor.send({ type: 'files.remove', index: file.index });
                  }}
                >
                  {m('cancel')}
                </Button>
              )}
            </div>
            <div
              {...getRootProps({
                className: `border border-2 rounded p-4 text-center ${isDragActive ? 'border-primary bg-light' : 'border-secondary-subtle'}`,
              })}
            >
              <input {...getInputProps({ 'aria-label': m('choose') })} />
              <p className="mb-0 text-body-secondary">{m('drop')}</p>
            </div>
            {files.length > 0 && (
              <ul className="mt-2" data-testid="chosen-files">
                {files.map((file) => (
                  <li key={`${file.index}-${file.name}`}>
                    {t('message.file', { name: file.name, size: file.size })}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Button type="submit" disabled={busy || !canSendMessage(context)}>
            <Icon shape={sendIcon} className="me-1" />
            {m('send')}
          </Button>
        </Form>
      </div>
    </div>
  );
};

/**
 * Reads the client file's key from the address; without one, the user chooses the client file
 * first; with a key that is not one, the file does not exist.
 */
const MessagePage = () => {
  const [params] = useSearchParams();
  if (!params.has('idPolice')) return <ClientPicker />;
  return (
    <RouteKey schema={IdPolice} text={params.get('idPolice')}>
      {(idPolice) => <MessageForm idPolice={idPolice} />}
    </RouteKey>
  );
};

export default MessagePage;
