import { anomalyApi, canAccess, formatEur, formatEurCents } from '@extranet/core';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { ApiView } from '../../shared/ApiView.tsx';
import { useApi } from '../../shared/useApi.ts';
import { ScrollTable } from './ScrollTable.tsx';

/** The largest anomalies the card lists; the count and amount are over all of them. */
const SHOWN = 5;

/**
 * "À vérifier" (docs/reconciliation.md): how many anomalies reconciliation found in the caller's
 * statements and the amount at stake, with the largest ones, each explained in the UI's language.
 */
export const AnomaliesCard = () => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const { state, reload } = useApi(
    () =>
      anomalyApi.list({
        filters: {},
        q: '',
        preset: null,
        sort: [{ field: 'montant', dir: 'desc' }],
        page: 0,
        size: SHOWN,
      }),
    [],
  );
  const linked = canAccess(account, 'policeDetail');
  const a = (key: string, params: Record<string, unknown> = {}) => t(`anomalies.card.${key}`, params);
  return (
    <Card className="h-100" data-testid="anomalies-card">
      <Card.Header as="h2" className="h6 mb-0">
        {t('anomalies.title')}
      </Card.Header>
      <Card.Body>
        <ApiView state={state} reload={reload}>
          {(page) => (
            <>
              <p className="fs-4 mb-1" data-testid="anomalies-summary">
                {a('summary', { count: page.total, amount: formatEurCents(page.totalAmount ?? 0) })}
              </p>
              {page.items.length === 0 ? (
                <p className="mb-0">{a('none')}</p>
              ) : (
                <ScrollTable label={t('anomalies.title')}>
                  <thead>
                    <tr>
                      <th scope="col">{a('rule')}</th>
                      <th scope="col">{a('police')}</th>
                      <th scope="col">{a('why')}</th>
                      <th scope="col" className="text-end">
                        {a('amount')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((anomaly) => (
                      <tr key={anomaly.id}>
                        <td>{t(`anomalies.rules.${anomaly.regle}`)}</td>
                        <td>
                          {linked ? (
                            <Link to={pathTo('policeDetail', { id: anomaly.idPolice })}>
                              {anomaly.police}
                            </Link>
                          ) : (
                            anomaly.police
                          )}
                        </td>
                        <td className="small">
                          {i18n.language.startsWith('en') ? anomaly.explanation : anomaly.explication}
                        </td>
                        <td className="text-end text-nowrap">{formatEur(anomaly.montant)}</td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              )}
              {canAccess(account, 'anomalies') && page.total > 0 && (
                <Link className="d-inline-block mt-2" to={pathTo('anomalies')}>
                  {t('anomalies.list.all')}
                </Link>
              )}
            </>
          )}
        </ApiView>
      </Card.Body>
    </Card>
  );
};
