import { provideAlertsBadge } from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Badge, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { bell } from '../../shared/icons.ts';
import { onAlertsChanged } from './unreadSignal.ts';

/** The signed-in account's bell: core's alerts badge machine, started for this account, stopped at sign-out. */
const Bell = () => {
  const { t } = useTranslation();
  const { runtime } = useServices();
  const logic = useMemo(() => provideAlertsBadge(runtime), [runtime]);
  const actor = useActorRef(logic);
  useEffect(() => onAlertsChanged(() => actor.send({ type: 'changed' })), [actor]);
  const settings = useSelector(actor, (snapshot) => snapshot.context.settings);
  if (settings === null || settings.types.length === 0) return null;
  const count = settings.unread;
  const label = t('alerts.badge.label', { count });
  return (
    <Nav.Item as="li">
      <Nav.Link
        as={Link}
        to={`${pathTo('timeline')}?typeMessage.in=${settings.types.join(',')}`}
        aria-label={label}
        title={label}
        data-testid="alerts-badge"
        onClick={() => actor.send({ type: 'markRead' })}
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

/**
 * The navbar's alerts entry (docs/insight.md "Alerts"): a bell with the unread count, linking to
 * the timeline filtered to the chosen types; following it marks those events read. Hidden while
 * signed out and while the account has chosen no type.
 */
export const AlertsBadge = () => {
  const account = useAccount();
  return account === null ? null : <Bell key={account.login} />;
};
