import { canAccess, formatDate, insightApi } from '@extranet/core';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { Icon } from '../../shared/Icon.tsx';
import { clockHistory } from '../../shared/icons.ts';
import { useApi } from '../../shared/useApi.ts';
import { AnomaliesCard } from './AnomaliesCard.tsx';
import { BrokersTable } from './BrokersTable.tsx';
import { ClawbackCard } from './ClawbackCard.tsx';
import { EventsCard } from './EventsCard.tsx';
import { MonthsChart } from './MonthsChart.tsx';
import { MonthsTable } from './MonthsTable.tsx';
import { PoliciesCard } from './PoliciesCard.tsx';

/** The home of the accounts core's `features().dashboardHome` names: `GET /api/dashboard` in one call. */
const DashboardPage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const { state, reload } = useApi(() => insightApi.dashboard(), []);
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{t('insight.dashboard.title')}</h1>
        <Link to={pathTo('timeline')}>
          <Icon shape={clockHistory} className="me-1" />
          {t('insight.dashboard.timelineLink')}
        </Link>
      </div>
      {/* Who is signed in, as the timeline home says it. */}
      <p className="mb-1" data-testid="account-login">
        {t('timeline.account', { login: account?.login })}
      </p>
      {account?.marque && (
        <p data-testid="account-marque">{t('timeline.marque', { marque: account.marque })}</p>
      )}
      <ApiView state={state} reload={reload}>
        {(dashboard) => (
          <>
            <p className="text-muted small">
              {t('insight.dashboard.asOf', { date: formatDate(dashboard.today) })}
            </p>
            <Row className="g-3">
              {dashboard.months !== null && (
                <Col xs={12}>
                  <Card>
                    <Card.Header as="h2" className="h6 mb-0">
                      {t('insight.dashboard.months.title')}
                    </Card.Header>
                    <Card.Body>
                      <MonthsChart months={dashboard.months} />
                      <MonthsTable months={dashboard.months} />
                    </Card.Body>
                  </Card>
                </Col>
              )}
              {dashboard.policies !== null && (
                <Col lg={6}>
                  <PoliciesCard policies={dashboard.policies} />
                </Col>
              )}
              <Col lg={6}>
                <EventsCard events={dashboard.events} />
              </Col>
              {dashboard.clawback !== null && (
                <Col xs={12}>
                  <ClawbackCard clawback={dashboard.clawback} />
                </Col>
              )}
              {canAccess(account, 'commission') && (
                <Col xs={12}>
                  <AnomaliesCard />
                </Col>
              )}
              {dashboard.brokers !== null && (
                <Col xs={12}>
                  <BrokersTable brokers={dashboard.brokers} />
                </Col>
              )}
            </Row>
          </>
        )}
      </ApiView>
    </div>
  );
};

export default DashboardPage;
