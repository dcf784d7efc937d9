import { type AlertSettings, alertsApi, EVENT_TYPES } from '@extranet/core';
import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';
import { alertsChanged } from './unreadSignal.ts';

const ChoiceForm = ({ loaded }: { loaded: AlertSettings }) => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const [settings, setSettings] = useState(loaded);
  const [types, setTypes] = useState<readonly string[]>(loaded.types);
  const [digest, setDigest] = useState(loaded.digest);
  const [busy, setBusy] = useState(false);
  const toggle = (type: string, on: boolean) => {
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
  };
  const save = async () => {
    setBusy(true);
    try {
      const chosen = EVENT_TYPES.filter((type) => types.includes(type));
      const answer = await runtime.run(alertsApi.save({ types: chosen, digest }));
      setSettings(answer);
      alertsChanged();
    } catch {
      // The alert area shows the server's answer (the saved alert or the problem).
    } finally {
      setBusy(false);
    }
  };
  const markRead = async () => {
    setBusy(true);
    try {
      const answer = await runtime.run(alertsApi.markRead(settings.upTo));
      setSettings({ ...settings, ...answer });
      alertsChanged();
    } catch {
      // The alert area shows the server's problem.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
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
            onChange={(e) => toggle(type, e.target.checked)}
          />
        ))}
      </fieldset>
      <Form.Check
        type="switch"
        id="alert-digest"
        className="mb-3"
        label={t('alerts.card.digest')}
        checked={digest}
        onChange={(e) => {
          setDigest(e.target.checked);
        }}
      />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button type="submit" disabled={busy}>
          {t('alerts.card.save')}
        </Button>
        <span className="ms-sm-auto" data-testid="alerts-card-unread">
          {t('alerts.card.unread', { count: settings.unread })}
        </span>
        <Button
          variant="outline-secondary"
          disabled={busy || settings.unread === 0}
          onClick={() => void markRead()}
        >
          {t('alerts.card.markRead')}
        </Button>
      </div>
    </Form>
  );
};

/** Settings: which event types alert me, the daily digest, the unread count (docs/insight.md "Alerts"). */
export const AlertsCard = () => {
  const { t } = useTranslation();
  const { state, reload } = useApi(() => alertsApi.settings(), []);
  return (
    <Card className="mt-4" data-testid="alerts-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('alerts.card.title')}
        </Card.Title>
        <p>{t('alerts.card.intro')}</p>
        <ApiView state={state} reload={reload}>
          {(settings) => <ChoiceForm loaded={settings} />}
        </ApiView>
      </Card.Body>
    </Card>
  );
};
