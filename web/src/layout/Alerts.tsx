import type { MessageRef } from '@extranet/core';
import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useServices } from '../app/ServicesContext.tsx';
import { useMessage } from '../shared/useMessage.ts';

/** How long an alert stays (docs/product.md §9). */
export const ALERT_TIMEOUT_MS = 5000;

interface Shown {
  readonly id: number;
  readonly variant: 'danger' | 'success';
  readonly message: MessageRef;
  /** The same message is shown once: a new one restarts its time instead of piling up. */
  readonly sameAs: string;
  /** The route path when it was raised (the hash route: the router writes it before rendering). */
  readonly raisedOn: string;
}

const routePath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

/**
 * The inline alert area (not toasts, docs/product.md §9) fed by the app event stream. An error belongs to
 * the page that raised it and goes when the user leaves it; a success stays its 5 s, since it
 * often reports the action that moved the user (a saved user, back on the list).
 */
export const Alerts = () => {
  const { events } = useServices();
  const { t } = useTranslation();
  const translate = useMessage();
  const { pathname } = useLocation();
  const [alerts, setAlerts] = useState<readonly Shown[]>([]);

  useEffect(() => {
    setAlerts((current) => {
      const kept = current.filter((alert) => alert.variant === 'success' || alert.raisedOn === pathname);
      return kept.length === current.length ? current : kept;
    });
  }, [pathname]);

  useEffect(() => {
    let next = 0;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const subscription = events.subscribe((event) => {
      if (event.type !== 'http.error' && event.type !== 'alert.success') return;
      const variant = event.type === 'http.error' ? 'danger' : 'success';
      const sameAs = JSON.stringify([variant, event.message.key, event.message.params ?? {}]);
      const shown: Shown = { id: next++, variant, message: event.message, sameAs, raisedOn: routePath() };
      setAlerts((current) => [...current.filter((alert) => alert.sameAs !== sameAs), shown]);
      clearTimeout(timers.get(sameAs));
      timers.set(
        sameAs,
        setTimeout(() => {
          timers.delete(sameAs);
          setAlerts((current) => current.filter((alert) => alert.sameAs !== sameAs));
        }, ALERT_TIMEOUT_MS),
      );
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
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
