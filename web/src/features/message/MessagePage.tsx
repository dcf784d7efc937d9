import {
  errorMessage,
  isApiError,
  MAIL_SUBJECTS,
  type MessageRef,
  message as messageRef,
  sendMessage,
} from '@extranet/core';
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { useMessage } from '../../shared/useMessage.ts';

const RichText = lazy(() => import('./RichText.tsx'));

type Sending =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent' }
  | { status: 'failed'; error: MessageRef };

/** 'message?idPolice=': the message to after-sales about a client file, with attachments. */
const MessagePage = () => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const [params] = useSearchParams();
  const idPolice = Number(params.get('idPolice') ?? '0');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<readonly File[]>([]);
  const [sending, setSending] = useState<Sending>({ status: 'idle' });
  const add = (chosen: readonly File[]) => setFiles((current) => [...current, ...chosen]);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({ onDrop: add, noClick: true });
  const m = (key: string) => t(`message.${key}`);

  const send = async () => {
    setSending({ status: 'sending' });
    try {
      await runtime.run(sendMessage({ subject, body, idPolice, attachments: files }));
      setSending({ status: 'sent' });
      setSubject('');
      setBody('');
      setFiles([]);
    } catch (error) {
      setSending({
        status: 'failed',
        error: isApiError(error) ? errorMessage(error) : messageRef('error.unexpected'),
      });
    }
  };

  return (
    <div className="row justify-content-center">
      <div className="col-xl-8">
        <h1 className="h4">{m('title')}</h1>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Form.Group className="mb-3" controlId="message-subject">
            <Form.Label>{m('subject')}</Form.Label>
            <Form.Control
              list="message-subjects"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
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
              <RichText labelId="message-body-label" value={body} onChange={setBody} />
            </Suspense>
          </div>
          <div className="mb-3">
            <div className="d-flex gap-2 mb-2">
              <Button variant="outline-primary" onClick={open}>
                <i className="bi bi-paperclip me-1" aria-hidden="true" />
                {m('choose')}
              </Button>
              {files.length > 0 && (
                <Button variant="outline-secondary" onClick={() => setFiles([])}>
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
                  <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                    {t('message.file', { name: file.name, size: file.size })}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {sending.status === 'sent' && <Alert variant="success">{m('sent')}</Alert>}
          {sending.status === 'failed' && <Alert variant="danger">{translate(sending.error)}</Alert>}
          <Button
            type="submit"
            disabled={sending.status === 'sending' || subject.trim() === '' || idPolice === 0}
          >
            <i className="bi bi-send me-1" aria-hidden="true" />
            {m('send')}
          </Button>
        </Form>
      </div>
    </div>
  );
};

export default MessagePage;
