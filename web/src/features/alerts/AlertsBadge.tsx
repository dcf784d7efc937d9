import { type AlertSettings, alertsApi } from '@extranet/core';
import { useCallback, useEffect, useState } from 'react';
import { Badge, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { bell } from '../../shared/icons.ts';
import { onAlertsChanged } from './unreadSignal.ts';

/** How often the badge counts again while the page stays open. */
const REFRESH_MS = 120_000;

/**
 * The navbar's alerts entry (docs/insight.md "Alerts"): a bell with the unread count, linking to
 * the timeline filtered to the chosen types; following it marks those events read. Hidden while
 * the account has chosen no type.
 */
export const AlertsBadge = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const account = useAccount();
  const [settings, setSettings] = useState<AlertSettings | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) =>
      runtime.run(alertsApi.settings(), signal).then(
        (answer) => {
          if (!signal?.aborted) setSettings(answer);
        },
        () => undefined,
      ),
    [runtime],
  );
  useEffect(() => {
    if (account === null) {
      setSettings(null);
      return;
    }
    const controller = new AbortController();
    void load(controller.signal);
    const timer = setInterval(() => void load(controller.signal), REFRESH_MS);
    const stop = onAlertsChanged(() => void load(controller.signal));
    return () => {
      controller.abort();
      clearInterval(timer);
      stop();
    };
  }, [account, load]);

  if (account === null || settings === null || settings.types.length === 0) return null;
  const count = settings.unread;
  const label = t('alerts.badge.label', { count });
  const markRead = () => {
    if (count === 0) return;
    setSettings({ ...settings, unread: 0 });
    void runtime.run(alertsApi.markRead(settings.upTo)).then(
      () => load(),
      () => load(),
    );
  };
  return (
    <Nav.Item as="li">
      <Nav.Link
        as={Link}
        to={`${pathTo('timeline')}?typeMessage.in=${settings.types.join(',')}`}
        aria-label={label}
        title={label}
        data-testid="alerts-badge"
        onClick={markRead}
      >
        <Icon shape={bell} className="me-1" />
        <span className="d-lg-none me-1">{t('alerts.badge.menu')}</span>
        {count > 0 && (
          <Badge bg="danger" pill data-testid="alerts-unread">
            {count}
          </Badge>
        )}
      </Nav.Link>
    </Nav.Item>
  );
};
