import type { MessageRef } from '@extranet/core';
import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { useMessage } from '../shared/useMessage.ts';

/** How long an alert stays (spec §9). */
export const ALERT_TIMEOUT_MS = 5000;

interface Shown {
  readonly id: number;
  readonly variant: 'danger' | 'success';
  readonly message: MessageRef;
}

/** The inline alert area (not toasts, spec §9) fed by the app event stream. */
export const Alerts = () => {
  const { events } = useServices();
  const { t } = useTranslation();
  const translate = useMessage();
  const [alerts, setAlerts] = useState<readonly Shown[]>([]);

  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const subscription = events.subscribe((event) => {
      if (event.type !== 'http.error' && event.type !== 'alert.success') return;
      const shown: Shown = {
        id: next++,
        variant: event.type === 'http.error' ? 'danger' : 'success',
        message: event.message,
      };
      setAlerts((current) => [...current, shown]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setAlerts((current) => current.filter((alert) => alert.id !== shown.id));
      }, ALERT_TIMEOUT_MS);
      timers.add(timer);
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [events]);

  return (
    <section className="alerts-area" aria-label={t('web.alerts')} aria-live="polite">
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          variant={alert.variant}
          dismissible
          closeLabel={t('web.close')}
          onClose={() => setAlerts((current) => current.filter((a) => a.id !== alert.id))}
        >
          {translate(alert.message)}
        </Alert>
      ))}
    </section>
  );
};
