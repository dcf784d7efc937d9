import { type Dashboard, formatEur } from '@extranet/core';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from './ScrollTable.tsx';

type Brokers = NonNullable<Dashboard['brokers']>;

/** A wholesaler's brokers, the first ten by amount paid, with the same figures each. */
export const BrokersTable = ({ brokers }: { brokers: Brokers }) => {
  const { t } = useTranslation();
  const b = (key: string, params: Record<string, unknown> = {}) =>
    t(`insight.dashboard.brokers.${key}`, params);
  const top = brokers.top;
  const money = top.some((broker) => broker.paid !== null);
  const policies = top.some((broker) => broker.inForce !== null);
  return (
    <Card>
      <Card.Header as="h2" className="h6 mb-0">
        {b('title')}
      </Card.Header>
      <ScrollTable label={b('title')} testId="brokers" striped>
        <caption className="small px-2">{b('caption', { shown: top.length, count: brokers.count })}</caption>
        <thead>
          <tr>
            <th scope="col">{b('courtier')}</th>
            {money && (
              <>
                <th scope="col" className="text-end">
                  {b('paid')}
                </th>
                <th scope="col" className="text-end">
                  {b('clawback')}
                </th>
              </>
            )}
            <th scope="col" className="text-end">
              {b('events')}
            </th>
            {policies && (
              <>
                <th scope="col" className="text-end">
                  {t('insight.dashboard.policies.inForce')}
                </th>
                <th scope="col" className="text-end">
                  {t('insight.dashboard.policies.newThisMonth')}
                </th>
                <th scope="col" className="text-end">
                  {t('insight.dashboard.policies.terminatedThisMonth')}
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {top.map((broker) => (
            <tr key={broker.codeCourtierPortail}>
              <th scope="row" className="fw-normal">
                {broker.courtier ?? broker.codeCourtierPortail}
                <span className="text-muted small ms-1">{broker.codeCourtierPortail}</span>
              </th>
              {money && (
                <>
                  <td className="text-end text-nowrap">{formatEur(broker.paid)}</td>
                  <td className="text-end text-nowrap">{formatEur(broker.clawback)}</td>
                </>
              )}
              <td className="text-end">{broker.events}</td>
              {policies && (
                <>
                  <td className="text-end">{broker.inForce}</td>
                  <td className="text-end">{broker.newThisMonth}</td>
                  <td className="text-end">{broker.terminatedThisMonth}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Card>
  );
};
