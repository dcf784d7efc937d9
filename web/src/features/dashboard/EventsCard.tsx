import { canAccess, type Dashboard } from '@extranet/core';
import { Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';

/** The policy list filtered to the policies of some events (its address: `idPolice.in=…`). */
const policiesAddress = (ids: readonly number[]) => `${pathTo('police')}?idPolice.in=${ids.join(',')}`;

/** Unpaid, formal notice and litigation events of the last 30 days, each linking to its policies. */
export const EventsCard = ({ events }: { events: Dashboard['events'] }) => {
  const { t } = useTranslation();
  const account = useAccount();
  const linked = canAccess(account, 'police');
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {t('insight.dashboard.events.title')}
      </Card.Header>
      <ListGroup variant="flush">
        {events.map((event) => {
          const label = t(`insight.dashboard.events.${event.type}`);
          return (
            <ListGroup.Item key={event.type} className="d-flex justify-content-between align-items-center">
              <span>
                <span className="fw-semibold">{label}</span>
                <br />
                <span className="small text-muted">
                  {t('insight.dashboard.events.count', { events: event.events, policies: event.policies })}
                </span>
              </span>
              {linked && event.idPolices.length > 0 ? (
                <Link
                  to={policiesAddress(event.idPolices)}
                  className="fs-4"
                  data-testid={`events-${event.type}`}
                >
                  <span className="visually-hidden">{label} : </span>
                  {event.policies}
                  <span className="visually-hidden"> — {t('insight.dashboard.events.open')}</span>
                </Link>
              ) : (
                <span className="fs-4" data-testid={`events-${event.type}`}>
                  {event.policies}
                </span>
              )}
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </Card>
  );
};
