import {
  CONTRACT,
  call,
  type Dispute,
  disputeActions,
  disputePartyOf,
  formatDate,
  formatDateTime,
  formatEur,
} from '@extranet/core';
import { Schema } from 'effect';
import { type FormEvent, useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { keyedPage } from '../../shared/RouteKey.tsx';
import { useApi } from '../../shared/useApi.ts';
import { Field, FieldCard } from '../policy/Fields.tsx';
import { fileBody, problemText } from './problemText.ts';

type Step = 'message' | 'ask' | 'accept' | 'reject' | 'reopen';

/** The actions core's dispute machine allows the caller now, one form for them all. */
const DisputeActionsForm = ({ dispute, onDone }: { dispute: Dispute; onDone: () => void }) => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const account = useAccount();
  const party = disputePartyOf(account);
  const [message, setMessage] = useState('');
  const [correction, setCorrection] = useState(String(dispute.amountClaimed));
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (party === null) return null;
  const today = new Date().toISOString().slice(0, 10);
  const can = disputeActions(
    {
      status: dispute.status,
      reopened: dispute.reopened,
      decidedOn: dispute.decidedDate?.slice(0, 10) ?? null,
    },
    party,
    today,
  );
  const steps = (['message', 'ask', 'accept', 'reject', 'reopen'] as const).filter((s) => can[s]);
  if (steps.length === 0) return null;

  const run = async (step: Step, event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const attachments = await Promise.all(files.map(fileBody));
      const withFiles = attachments.length > 0 ? { attachments } : {};
      const id = { id: dispute.id };
      await runtime.run(
        step === 'message' || step === 'reopen'
          ? call(CONTRACT.disputes.message, {
              params: id,
              body: { message, ...withFiles, ...(step === 'reopen' ? { reopen: true } : {}) },
            })
          : call(CONTRACT.disputes.decision, {
              params: id,
              body: {
                outcome: step === 'ask' ? 'INFO_REQUESTED' : step === 'accept' ? 'ACCEPTED' : 'REJECTED',
                message,
                ...(step === 'accept' ? { correction } : {}),
                ...withFiles,
              },
            }),
      );
      setMessage('');
      setFiles([]);
      onDone();
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };

  const label: Record<Step, string> = {
    message: t('disputes.action.reply'),
    ask: t('disputes.action.ask'),
    accept: t('disputes.action.accept'),
    reject: t('disputes.action.reject'),
    reopen: t('disputes.action.reopen'),
  };
  return (
    <Form
      onSubmit={(e) => run(steps[0]!, e)}
      className="mt-3"
      style={{ maxWidth: 640 }}
      data-testid="dispute-actions"
    >
      {error !== null && (
        <Alert variant="danger" role="alert" data-testid="dispute-error">
          {error}
        </Alert>
      )}
      <Form.Group className="mb-2" controlId="dispute-reply">
        <Form.Label>{t('disputes.field.message')}</Form.Label>
        <Form.Control as="textarea" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Form.Group>
      {can.accept && (
        <Form.Group className="mb-2" controlId="dispute-correction">
          <Form.Label>{t('disputes.field.correction')} (€)</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={correction}
            onChange={(e) => setCorrection(e.target.value)}
          />
        </Form.Group>
      )}
      <Form.Group className="mb-2" controlId="dispute-reply-files">
        <Form.Label>{t('disputes.field.attachments')}</Form.Label>
        <Form.Control
          type="file"
          multiple
          onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])])}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        {steps.map((s) => (
          <Button
            key={s}
            variant={s === 'reject' ? 'outline-danger' : s === 'accept' ? 'success' : 'primary'}
            disabled={busy}
            onClick={() => run(s)}
          >
            {label[s]}
          </Button>
        ))}
      </div>
    </Form>
  );
};

const DisputeView = ({ dispute, reload }: { dispute: Dispute; reload: () => void }) => {
  const { t } = useTranslation();
  const f = (k: string) => t(`disputes.field.${k}`);
  const variant = {
    OPEN: 'primary',
    INFO_REQUESTED: 'warning',
    ACCEPTED: 'success',
    REJECTED: 'danger',
    SETTLED: 'success',
  }[dispute.status];
  return (
    <div>
      <p className="lead">
        <Badge bg={variant} data-testid="dispute-status">
          {t(`disputes.status.${dispute.status}`)}
        </Badge>{' '}
        {t(`disputes.reason.${dispute.reason}`)} — {formatEur(dispute.amountClaimed)}
      </p>
      {dispute.deadline !== null && (
        <p data-testid="dispute-deadline">{t('disputes.deadline', { date: formatDate(dispute.deadline) })}</p>
      )}
      {dispute.reopenDeadline !== null && (
        <p data-testid="dispute-reopen">
          {t('disputes.reopenUntil', { date: formatDate(dispute.reopenDeadline) })}
        </p>
      )}
      {dispute.settledByBordereau !== null && (
        <Alert variant="success" data-testid="dispute-settled">
          <Link to={pathTo('mouvements', { id: dispute.settledByBordereau })}>
            {t('disputes.settledBy', { idBordereau: dispute.settledByBordereau })}
          </Link>
        </Alert>
      )}
      <div style={{ maxWidth: 640 }}>
        <FieldCard title={`${t('web.title.disputeDetail')} ${dispute.id}`}>
          <Field label={f('source')}>{t(`disputes.source.${dispute.source}`)}</Field>
          <Field label={f('police')}>
            {dispute.idPolice !== null ? (
              <Link to={pathTo('policeDetail', { id: dispute.idPolice })}>{dispute.police}</Link>
            ) : (
              '—'
            )}
          </Field>
          <Field label={f('courtier')}>{dispute.codeCourtierPortail ?? '—'}</Field>
          <Field label={f('statementDate')}>{formatDate(dispute.statementDate)}</Field>
          <Field label={f('correction')}>
            {dispute.correction === null ? '—' : formatEur(dispute.correction)}
          </Field>
          <Field label={f('decisionReason')}>{dispute.decisionReason ?? '—'}</Field>
        </FieldCard>
      </div>
      <ol className="list-unstyled mt-3" data-testid="dispute-thread" style={{ maxWidth: 640 }}>
        {dispute.entries.map((e) => (
          <li key={e.id} className="mb-2">
            <Card border={e.byInsurer ? 'secondary' : 'primary'}>
              <Card.Body>
                <Card.Subtitle className="mb-1 text-body-secondary small">
                  {formatDateTime(e.createdDate)} ·{' '}
                  {e.kind === 'SETTLED'
                    ? t('disputes.entry.SETTLED', { idBordereau: dispute.settledByBordereau ?? '' })
                    : `${e.author}${e.byInsurer ? ` (${t('disputes.backOffice')})` : ''} ${t(`disputes.entry.${e.kind}`)}`}
                </Card.Subtitle>
                {e.message && (
                  <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
                    {e.message}
                  </p>
                )}
                {e.attachments.map((a) => (
                  <div key={a.id}>
                    <a href={`api/disputes/${dispute.id}/attachments/${a.id}`} download={a.name}>
                      📎 {a.name}
                    </a>
                  </div>
                ))}
              </Card.Body>
            </Card>
          </li>
        ))}
      </ol>
      <DisputeActionsForm dispute={dispute} onDone={reload} />
    </div>
  );
};

const DisputeScreen = ({ id }: { id: number }) => {
  const { state, reload } = useApi(() => call(CONTRACT.disputes.get, { params: { id } }), [id]);
  return (
    <ApiView state={state} reload={reload}>
      {(dispute) => <DisputeView dispute={dispute} reload={reload} />}
    </ApiView>
  );
};

const DisputePage = keyedPage(Schema.Number, (id) => <DisputeScreen id={id} />);

export default DisputePage;
