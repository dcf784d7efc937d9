import { canAccess, type Dashboard, formatEur } from '@extranet/core';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ScrollTable } from './ScrollTable.tsx';

type Clawback = NonNullable<Dashboard['clawback']>;

/** The clawback balance and the policies behind it, each linking to its policy. */
export const ClawbackCard = ({ clawback }: { clawback: Clawback }) => {
  const { t } = useTranslation();
  const account = useAccount();
  const c = (key: string, params: Record<string, unknown> = {}) =>
    t(`insight.dashboard.clawback.${key}`, params);
  const linked = canAccess(account, 'policeDetail');
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {c('title')}
      </Card.Header>
      <Card.Body>
        <p className="mb-1 small text-muted">{c('balance')}</p>
        <p className="fs-4 mb-1" data-testid="clawback-balance">
          {formatEur(clawback.montant)}
        </p>
        <p className="small text-muted">
          {c('summary', { policies: clawback.policies, lines: clawback.lines })}
        </p>
        {clawback.top.length === 0 ? (
          <p className="mb-0">{c('none')}</p>
        ) : (
          <ScrollTable label={c('title')}>
            <caption className="small">
              {c('more', { shown: clawback.top.length, count: clawback.policies })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{c('police')}</th>
                <th scope="col">{c('client')}</th>
                <th scope="col" className="text-end">
                  {c('amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {clawback.top.map((policy) => (
                <tr key={policy.idPolice}>
                  <td>
                    {linked ? (
                      <Link to={pathTo('policeDetail', { id: policy.idPolice })}>{policy.police}</Link>
                    ) : (
                      policy.police
                    )}
                  </td>
                  <td>{policy.nomprenom}</td>
                  <td className="text-end text-nowrap">{formatEur(policy.montant)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </Card.Body>
    </Card>
  );
};
