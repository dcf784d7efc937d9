import {
  CONTRACT,
  call,
  DISPUTE_REASONS,
  DISPUTE_SOURCES,
  type DisputeReason,
  type DisputeSource,
} from '@extranet/core';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { fileBody, problemText } from './problemText.ts';

const KEY: Readonly<Record<DisputeSource, string>> = {
  ANOMALY: 'anomalyId',
  LINE: 'idMouvement',
  STATEMENT: 'idBordereau',
  POLICY: 'idPolice',
};

/**
 * `/disputes/new?source=ANOMALY&id=17&amount=52.23`: the "Contester" form of an anomaly, a
 * statement line, a statement or a policy. The server says what it refuses (the 90 days, the
 * amount, a file), and nothing is opened then.
 */
const DisputeOpenPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { runtime } = useServices();
  const [params] = useSearchParams();
  const source = (DISPUTE_SOURCES as readonly string[]).includes(params.get('source') ?? '')
    ? (params.get('source') as DisputeSource)
    : 'POLICY';
  const key = Number(params.get('id'));
  const [reason, setReason] = useState<DisputeReason>(
    (params.get('reason') as DisputeReason) ?? 'MISSING_COMMISSION',
  );
  const [amount, setAmount] = useState(params.get('amount') ?? '');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const f = (k: string) => t(`disputes.field.${k}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const attachments = await Promise.all(files.map(fileBody));
      const opened = await runtime.run(
        call(CONTRACT.disputes.create, {
          body: {
            source,
            [KEY[source]]: key,
            reason,
            amountClaimed: amount,
            message,
            ...(attachments.length > 0 ? { attachments } : {}),
          },
        }),
      );
      navigate(pathTo('disputeDetail', { id: opened.id }));
    } catch (failure) {
      setError(problemText(failure));
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} style={{ maxWidth: 640 }}>
      <p className="lead">
        {t(`disputes.source.${source}`)} {key}
      </p>
      {error !== null && (
        <Alert variant="danger" role="alert" data-testid="dispute-error">
          {error}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="dispute-reason">
        <Form.Label>{f('reason')}</Form.Label>
        <Form.Select value={reason} onChange={(e) => setReason(e.target.value as DisputeReason)}>
          {DISPUTE_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`disputes.reason.${r}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="dispute-amount">
        <Form.Label>{f('amountClaimed')} (€)</Form.Label>
        <Form.Control
          inputMode="decimal"
          value={amount}
          required
          onChange={(e) => setAmount(e.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="dispute-message">
        <Form.Label>{f('message')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={message}
          required
          onChange={(e) => setMessage(e.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="dispute-files">
        <Form.Label>{f('attachments')}</Form.Label>
        <Form.Control
          type="file"
          multiple
          onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])])}
        />
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          {t('disputes.action.submit')}
        </Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {t('disputes.action.cancel')}
        </Button>
      </div>
    </Form>
  );
};

export default DisputeOpenPage;
