import {
  formatInstantIn,
  type Language,
  provideWebhooks,
  type WebhookEventType,
  type WebhooksContext,
  webhookEventsFor,
} from '@extranet/core';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { useActorContext, useTags } from '../../shared/useTags.ts';
import { CardFailure } from './CardFailure.tsx';

const STATUS_BADGE = { pending: 'secondary', delivered: 'success', failed: 'danger' } as const;

/**
 * Settings: the caller's webhooks (core's webhooks machine): register an address and its events
 * (the signing secret shown once, until dismissed), pause, switch on or delete one, and read an
 * endpoint's last deliveries with "send again". Only the events the caller may read are offered.
 */
export const WebhooksCard = ({ authorities }: { readonly authorities: readonly string[] }) => {
  const { t, i18n } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideWebhooks(runtime), [runtime]);
  const actor = useActorRef(logic);
  const context: WebhooksContext = useActorContext(actor);
  const { hooks, error, done, created, log } = context;
  const tags = useTags(actor, ['busy', 'ready', 'failed']);
  const language: Language = i18n.language === 'en' ? 'en' : 'fr';
  const offered = webhookEventsFor({ authorities });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly WebhookEventType[]>([]);
  // A registered endpoint empties the form for the next one.
  const createdId = created?.id;
  useEffect(() => {
    if (createdId === undefined) return;
    setUrl('');
    setEvents([]);
  }, [createdId]);
  const label = (key: string) => t(`settings.webhooks.${key}`);
  const eventName = (type: WebhookEventType) => t(`settings.webhooks.eventNames.${type}`);
  const logged = log === null ? undefined : hooks.find((hook) => hook.id === log.id);
  const doneKey = {
    created: 'doneCreated',
    deleted: 'doneDeleted',
    switchedOn: 'doneSwitchedOn',
    paused: 'donePaused',
    redelivered: 'doneRedelivered',
  } as const;
  return (
    <Card className="mt-4" data-testid="webhooks-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {label('title')}
        </Card.Title>
        <p className="text-body-secondary small">{label('help')}</p>
        {created !== null && (
          <Alert variant="warning" data-testid="webhook-secret">
            <p className="mb-1">
              <strong>{t('settings.webhooks.secret', { url: created.url })}</strong>
            </p>
            <p className="mb-2">{label('shownOnce')}</p>
            <code className="d-block user-select-all text-break text-body mb-2">{created.secret}</code>
            <Button size="sm" variant="outline-dark" onClick={() => actor.send({ type: 'dismiss' })}>
              {label('dismiss')}
            </Button>
          </Alert>
        )}
        {done !== null && created === null && tags.ready && (
          <Alert variant="success" data-testid="webhooks-done">
            {label(doneKey[done])}
          </Alert>
        )}
        <CardFailure
          error={error}
          failed={tags.failed}
          retry={() => actor.send({ type: 'retry' })}
          testId="webhooks-error"
        />
        <Form
          noValidate
          className="mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'create', hook: { url, events } });
          }}
        >
          <Form.Group className="mb-2" controlId="webhook-url">
            <Form.Label>{label('url')}</Form.Label>
            <Form.Control
              type="url"
              value={url}
              maxLength={2000}
              placeholder={label('urlPlaceholder')}
              onChange={(e) => setUrl(e.target.value)}
            />
          </Form.Group>
          <fieldset className="mb-2">
            <legend className="form-label fs-6">{label('events')}</legend>
            {offered.map((type) => (
              <Form.Check
                key={type}
                id={`webhook-event-${type}`}
                label={eventName(type)}
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents(e.target.checked ? [...events, type] : events.filter((x) => x !== type))
                }
              />
            ))}
          </fieldset>
          <Button type="submit" disabled={!tags.ready}>
            {label('create')}
          </Button>
        </Form>
        {tags.ready && hooks.length === 0 && <p className="mb-0">{label('none')}</p>}
        {hooks.length > 0 && (
          <Table size="sm" responsive className="table-stack" data-testid="webhooks-table">
            <thead>
              <tr>
                <th scope="col">{label('url')}</th>
                <th scope="col">{label('events')}</th>
                <th scope="col">{label('state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{label('log')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((hook) => (
                <tr key={hook.id} data-testid="webhook-row">
                  <td data-label={label('url')} className="text-break">
                    <code>{hook.url}</code>
                  </td>
                  <td data-label={label('events')}>{hook.events.map(eventName).join(', ')}</td>
                  <td data-label={label('state')}>
                    <Badge bg={hook.enabled ? 'success' : 'secondary'}>
                      {label(hook.enabled ? 'enabled' : 'disabled')}
                    </Badge>
                    {hook.disabledReason !== null && (
                      <div className="small text-body-secondary">{hook.disabledReason}</div>
                    )}
                  </td>
                  <td className="text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      disabled={tags.busy}
                      aria-label={t('settings.webhooks.logNamed', { url: hook.url })}
                      onClick={() => actor.send({ type: 'openLog', id: hook.id })}
                    >
                      {label('log')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      disabled={tags.busy}
                      onClick={() => actor.send({ type: 'switch', id: hook.id, enabled: !hook.enabled })}
                    >
                      {label(hook.enabled ? 'pause' : 'switchOn')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={tags.busy}
                      aria-label={t('settings.webhooks.deleteNamed', { url: hook.url })}
                      onClick={() => actor.send({ type: 'delete', id: hook.id })}
                    >
                      {label('delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {log !== null && logged !== undefined && (
          <section
            data-testid="webhook-log"
            aria-label={t('settings.webhooks.logTitle', { url: logged.url })}
          >
            <div className="d-flex justify-content-between align-items-center">
              <h3 className="h6 mb-2 text-break">{t('settings.webhooks.logTitle', { url: logged.url })}</h3>
              <Button size="sm" variant="link" onClick={() => actor.send({ type: 'closeLog' })}>
                {label('closeLog')}
              </Button>
            </div>
            {log.deliveries.length === 0 ? (
              <p className="mb-0">{label('noDeliveries')}</p>
            ) : (
              <Table size="sm" responsive className="table-stack">
                <thead>
                  <tr>
                    <th scope="col">{label('sentAt')}</th>
                    <th scope="col">{label('event')}</th>
                    <th scope="col">{label('status')}</th>
                    <th scope="col">{label('attempts')}</th>
                    <th scope="col">{label('answer')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{label('redeliver')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {log.deliveries.map((delivery) => (
                    <tr key={delivery.id} data-testid="delivery-row">
                      <td data-label={label('sentAt')}>{formatInstantIn(language, delivery.createdAt)}</td>
                      <td data-label={label('event')}>{eventName(delivery.eventType)}</td>
                      <td data-label={label('status')}>
                        <Badge bg={STATUS_BADGE[delivery.status]}>
                          {t(`settings.webhooks.statuses.${delivery.status}`)}
                        </Badge>
                      </td>
                      <td data-label={label('attempts')}>{delivery.attempts}</td>
                      <td data-label={label('answer')}>
                        {delivery.lastError ??
                          (delivery.lastStatus === null ? '' : String(delivery.lastStatus))}
                      </td>
                      <td>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          disabled={tags.busy}
                          onClick={() => actor.send({ type: 'redeliver', deliveryId: delivery.id })}
                        >
                          {label('redeliver')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </section>
        )}
      </Card.Body>
    </Card>
  );
};
