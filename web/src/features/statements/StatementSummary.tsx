import {
  type CommissionStatement,
  formatDate,
  formatEurCents,
  formatMonth,
  type RecapLine,
  recapTotals,
} from '@extranet/core';
import { Card, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Tab 0 'Votre bordereau': the 'Informations' card and the 'Récapitulatif' table (sums in cents, core). */
export const StatementSummary = ({
  statement,
  recap,
}: {
  statement: CommissionStatement;
  recap: readonly RecapLine[];
}) => {
  const { t } = useTranslation();
  const totals = recapTotals(recap, statement.soldePrecedent);
  const d = (key: string) => t(`commission.detail.${key}`);
  return (
    <Row className="g-3">
      <Col lg={5}>
        <Card>
          <Card.Header as="h3" className="h6 mb-0">
            {d('info')}
          </Card.Header>
          <Card.Body>
            <dl className="row mb-0">
              <dt className="col-6 fw-normal">{t('fields.mois')}</dt>
              <dd className="col-6">{formatMonth(statement.mois)}</dd>
              <dt className="col-6 fw-normal">{t('fields.compte')}</dt>
              <dd className="col-6">{statement.compte}</dd>
              <dt className="col-6 fw-normal">{t('fields.nb')}</dt>
              <dd className="col-6">{statement.nb}</dd>
              <dt className="col-6 fw-normal">{t('fields.montant')}</dt>
              <dd className="col-6">
                {statement.montant === null ? '' : formatEurCents(Math.round(statement.montant * 100))}
              </dd>
              <dt className="col-6 fw-normal">{t('fields.dateEnvoi')}</dt>
              <dd className="col-6">{formatDate(statement.dateEnvoi)}</dd>
              <dt className="col-6 fw-normal">{t('fields.datePaiement')}</dt>
              <dd className="col-6">{formatDate(statement.datePaiement)}</dd>
            </dl>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={7}>
        <Card>
          <Card.Header as="h3" className="h6 mb-0">
            {d('recap')}
          </Card.Header>
          <Table size="sm" className="mb-0">
            <thead>
              <tr>
                <th scope="col">{d('commission')}</th>
                <th scope="col" className="text-end">
                  {d('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.lines.map((line) => (
                <tr key={line.commission}>
                  <td>{line.commission}</td>
                  <td className="text-end">{formatEurCents(line.montant)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fw-semibold">
                <th scope="row">{d('totalCommissions')}</th>
                <td className="text-end" data-testid="total-commissions">
                  {formatEurCents(totals.totalCommissions)}
                </td>
              </tr>
              <tr>
                <th scope="row">{d('soldePrecedent')}</th>
                <td className="text-end">{formatEurCents(totals.soldePrecedent)}</td>
              </tr>
              <tr className="fw-bold">
                <th scope="row">{d('totalVersement')}</th>
                <td className="text-end" data-testid="total-versement">
                  {formatEurCents(totals.totalVersement)}
                </td>
              </tr>
            </tfoot>
          </Table>
        </Card>
      </Col>
    </Row>
  );
};
