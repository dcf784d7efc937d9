import { provideTwoFactor } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { EnrolmentQr, RecoveryCodes } from '../auth/SecondFactorStep.tsx';
import { RichMessage } from './formFlow.tsx';

/** Settings: two-factor sign-in on or off, a view over core's twoFactor machine. */
export const TwoFactorCard = () => {
  const { t, i18n } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideTwoFactor(runtime), [runtime]);
  const actor = useActorRef(logic);
  const { status, enrolment, recoveryCodes, error, done } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'enrolling', 'disabling', 'idle', 'failure']);
  const [code, setCode] = useState('');
  const busy = tags.busy;
  const asking = tags.enrolling || tags.disabling;
  const submitCode = () => {
    actor.send({ type: 'code.submit', code: code.trim() });
    setCode('');
  };

  return (
    <Card className="mt-4" data-testid="two-factor-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('settings.twoFactor.title')}
        </Card.Title>
        {done !== null && tags.idle && <Alert variant="success">{t(`settings.twoFactor.${done}`)}</Alert>}
        {error !== null && (
          <Alert variant="danger" data-testid="two-factor-error">
            <RichMessage message={error} />
          </Alert>
        )}
        {status !== null && !asking && recoveryCodes.length === 0 && (
          <p data-testid="two-factor-status">
            {status.enabled
              ? t('settings.twoFactor.on', {
                  date: new Date(status.enrolledAt ?? '').toLocaleDateString(i18n.language),
                  left: status.recoveryCodesLeft,
                })
              : t('settings.twoFactor.off')}{' '}
            {status.required && t('settings.twoFactor.required')}
          </p>
        )}
        {tags.failure && (
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
            {t('settings.twoFactor.retry')}
          </Button>
        )}
        {tags.idle && status !== null && (
          <Button
            variant={status.enabled ? 'outline-danger' : 'primary'}
            disabled={status.enabled && status.required}
            onClick={() => actor.send({ type: status.enabled ? 'disable' : 'enable' })}
          >
            {status.enabled ? t('settings.twoFactor.disable') : t('settings.twoFactor.enable')}
          </Button>
        )}
        {asking && (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submitCode();
            }}
          >
            {enrolment !== null && <EnrolmentQr enrolment={enrolment} />}
            {tags.disabling && <p>{t('settings.twoFactor.disableHelp')}</p>}
            <Form.Group className="mb-3" controlId="two-factor-code">
              <Form.Label>{t('login.twoFactor.code')}</Form.Label>
              <Form.Control
                name="code"
                autoComplete="one-time-code"
                autoFocus
                maxLength={20}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" disabled={busy || code.trim() === ''}>
                {t('login.twoFactor.verify')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'cancel' })}>
                {t('settings.twoFactor.cancel')}
              </Button>
            </div>
          </Form>
        )}
        {recoveryCodes.length > 0 && (
          <>
            <RecoveryCodes codes={recoveryCodes} />
            <Button onClick={() => actor.send({ type: 'codes.ack' })}>
              {t('login.twoFactor.recoveryDone')}
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
};
