import type { Dashboard } from '@extranet/core';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type Policies = NonNullable<Dashboard['policies']>;
const FIGURES = ['inForce', 'newThisMonth', 'terminatedThisMonth'] as const;

/** Policies in force, new this month and terminated this month. */
export const PoliciesCard = ({ policies }: { policies: Policies }) => {
  const { t } = useTranslation();
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {t('insight.dashboard.policies.title')}
      </Card.Header>
      <Card.Body>
        <Row as="dl" className="mb-0 text-center">
          {FIGURES.map((figure) => (
            <Col key={figure} xs={4}>
              <dt className="small fw-normal text-muted">{t(`insight.dashboard.policies.${figure}`)}</dt>
              <dd className="fs-4 mb-0" data-testid={`policies-${figure}`}>
                {policies[figure]}
              </dd>
            </Col>
          ))}
        </Row>
      </Card.Body>
    </Card>
  );
};
