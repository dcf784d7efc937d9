import { EVENT_TYPES, provideAlertSettings } from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { Loading } from '../../shared/Loading.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from '../account/CardFailure.tsx';
import { alertsChanged } from './unreadSignal.ts';

/**
 * Settings: which event types alert me, the daily digest, the unread count (docs/insight.md
 * "Alerts"), driven by core's alert settings machine. A save's success is the alert area's (the
 * server's alert header); a refused call is said in the card.
 */
export const AlertsCard = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideAlertSettings(runtime, alertsChanged), [runtime]);
  const actor = useActorRef(logic);
  const { settings, types, digest, error } = useActorContext(actor);
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  return (
    <Card className="mt-4" data-testid="alerts-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('alerts.card.title')}
        </Card.Title>
        <p>{t('alerts.card.intro')}</p>
        <CardFailure
          error={error}
          failed={tags.failed}
          retry={() => actor.send({ type: 'retry' })}
          testId="alerts-card-error"
        />
        {settings === null && tags.busy && <Loading />}
        {settings !== null && (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'save' });
            }}
          >
            {!settings.chosen && <p className="small text-body-secondary">{t('alerts.card.defaults')}</p>}
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('alerts.card.types')}</legend>
              {EVENT_TYPES.map((type) => (
                <Form.Check
                  key={type}
                  id={`alert-type-${type}`}
                  label={`${type} — ${t(`eventType.${type}`)}`}
                  checked={types.includes(type)}
                  onChange={() => actor.send({ type: 'type.toggle', code: type })}
                />
              ))}
            </fieldset>
            <Form.Check
              type="switch"
              id="alert-digest"
              className="mb-3"
              label={t('alerts.card.digest')}
              checked={digest}
              onChange={() => actor.send({ type: 'digest.toggle' })}
            />
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button type="submit" disabled={!tags.ready}>
                {t('alerts.card.save')}
              </Button>
              <span className="ms-sm-auto" data-testid="alerts-card-unread">
                {t('alerts.card.unread', { count: settings.unread })}
              </span>
              <Button
                variant="outline-secondary"
                disabled={!tags.ready || settings.unread === 0}
                onClick={() => actor.send({ type: 'markRead' })}
              >
                {t('alerts.card.markRead')}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
};
